import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@paysplit/domain';

/**
 * The token of an email's unsubscribe link: the participant id and an HMAC of it under a key
 * derived from SECRETS_KEY. It proves the link came from us and grants nothing but unsubscribing;
 * it is not the invite token.
 */
export class UnsubscribeTokens {
  constructor(private readonly key: Buffer) {}

  tokenFor(participantId: string): string {
    return `${participantId}.${this.mac(participantId)}`;
  }

  /** The participant id the token was made for, or undefined when it is not one of ours. */
  participantOf(token: unknown): string | undefined {
    if (typeof token !== 'string' || token.length > 200) return undefined;
    const [participantId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !participantId || !mac || !isUuid(participantId)) return undefined;
    const expected = Buffer.from(this.mac(participantId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? participantId : undefined;
  }

  private mac(participantId: string): string {
    return createHmac('sha256', this.key).update(participantId.toLowerCase()).digest('base64url');
  }
}
