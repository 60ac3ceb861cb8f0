import type { PartnerCreatePaymentPayload } from '@paysplit/sdk';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { Logger } from '../../../logger.js';
import type { Listeners } from '../../../listen/listeners.js';
import { callMerchant } from '../../../security/merchant-call.js';

/** The signed body of decisions §6; the SDK's type, so both sides of the call agree by construction. */
export type PartnerCreatePaymentBody = PartnerCreatePaymentPayload;

const PAYER_MESSAGE = 'The shop could not start your payment just now. Please try again in a moment.';
const MAX_REPLY_BYTES = 16 * 1024;

/**
 * Calls the merchant's partner create-payment URL (decisions §6) and returns the checkout address:
 * in test mode to the integration's listener while one is connected (`paysplit listen`).
 */
export class PartnerClient {
  constructor(private readonly options: { timeoutMs: number; logger: Logger; privateTestUrls: boolean; listeners?: Listeners }) {}

  async createPayment(
    integrationId: string,
    url: string,
    secret: string | readonly string[],
    body: PartnerCreatePaymentBody,
  ): Promise<string> {
    const fail = (reason: string, extra: Record<string, unknown> = {}): never => {
      this.options.logger.warn(
        { paymentId: body.paymentId, sessionId: body.sessionId, reason, ...extra },
        'partner create-payment call failed',
      );
      throw new PartnerCallError(reason);
    };
    const response = await callMerchant(
      {
        integrationId,
        mode: body.mode,
        kind: 'partner',
        url,
        id: body.paymentId,
        attempt: null,
        body: JSON.stringify(body),
        secret,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        timeoutMs: this.options.timeoutMs,
        maxReplyBytes: MAX_REPLY_BYTES,
      },
      this.options,
    );
    if (response.kind === 'none') return fail(response.reason);
    const reply = response.text ?? '';
    if (response.status !== 200) return fail(`answered HTTP ${response.status}`, { status: response.status });
    let redirectUrl: unknown;
    try {
      redirectUrl = (JSON.parse(reply) as { redirectUrl?: unknown }).redirectUrl;
    } catch {
      return fail('reply is not JSON');
    }
    if (typeof redirectUrl !== 'string') return fail('reply has no redirectUrl');
    let parsed: URL;
    try {
      parsed = new URL(redirectUrl);
    } catch {
      return fail('redirectUrl is not an absolute URL');
    }
    // http only in test mode, where the merchant runs a local test processor.
    const allowed = parsed.protocol === 'https:' || (body.mode === 'test' && parsed.protocol === 'http:');
    if (!allowed || parsed.username || parsed.password)
      return fail(`redirectUrl must be https${body.mode === 'test' ? ' (or http in test mode)' : ''}`);
    return parsed.toString();
  }
}

/** A failed partner call: the reason is for logs and the attempt record, the message for the payer. */
export class PartnerCallError extends AppError {
  constructor(readonly reason: string) {
    super(ErrorCode.PartnerCallFailed, PAYER_MESSAGE);
  }
}
