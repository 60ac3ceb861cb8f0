import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../security/secret-box.js';
import { generateSigningSecret } from '../../security/tokens.js';
import type { AuditActor, AuditService } from '../audit/index.js';
import type { IntegrationRepository } from './integration.repository.js';

export type SigningSecretKind = 'webhook' | 'partner';

const DEFAULT_GRACE_MS = 24 * 3_600_000;

/** The secrets that sign PaySplit's calls to a merchant (partner create-payment, webhooks), and their rotation. */
export class SigningSecretsService {
  constructor(
    private readonly secretBox: SecretBox,
    private readonly integrations: IntegrationRepository,
    private readonly audit: AuditService,
    private readonly graceMs: number = DEFAULT_GRACE_MS,
  ) {}

  /**
   * A new signing secret, shown once. The previous one keeps signing beside it until the grace
   * window ends (both signatures in one header), so the merchant can switch without a gap.
   */
  async rotateSigningSecret(
    em: EntityManager,
    integrationId: string,
    kind: SigningSecretKind,
    who: AuditActor,
  ): Promise<{ secret: string; previousValidUntil: Date }> {
    const integration = await this.integrations.findForRotation(em, integrationId);
    const secret = generateSigningSecret();
    const now = new Date();
    const previousValidUntil = new Date(now.getTime() + this.graceMs);
    if (kind === 'webhook') {
      integration.webhookSigningSecretPreviousSealed = integration.webhookSigningSecretSealed;
      integration.webhookSigningSecretSealed = this.secretBox.seal(secret);
      integration.webhookSigningSecretPreviousUntil = previousValidUntil;
      integration.webhookSigningSecretRotatedAt = now;
    } else {
      integration.partnerSigningSecretPreviousSealed = integration.partnerSigningSecretSealed;
      integration.partnerSigningSecretSealed = this.secretBox.seal(secret);
      integration.partnerSigningSecretPreviousUntil = previousValidUntil;
      integration.partnerSigningSecretRotatedAt = now;
    }
    this.audit.record(em, who, {
      action: 'signing_secret.rotated',
      integrationId,
      summary: `Rotated the ${kind} signing secret; the previous one signs too until ${previousValidUntil.toISOString()}`,
      details: { kind, previousValidUntil: previousValidUntil.toISOString() },
    });
    await this.integrations.save(em);
    return { secret, previousValidUntil };
  }

  /**
   * The secrets that sign outgoing calls, in plaintext, current first; during a rotation's grace
   * window the previous one follows, so each call carries both signatures.
   */
  async currentSecrets(em: EntityManager, integrationId: string): Promise<{ partner: string[]; webhook: string[] }> {
    const integration = await this.integrations.findWithSigningSecrets(em, integrationId);
    const now = Date.now();
    const withPrevious = (current: string, previous: string | null | undefined, until: Date | null | undefined): string[] =>
      previous && until && until.getTime() > now
        ? [this.secretBox.open(current), this.secretBox.open(previous)]
        : [this.secretBox.open(current)];
    return {
      partner: withPrevious(
        integration.partnerSigningSecretSealed,
        integration.partnerSigningSecretPreviousSealed,
        integration.partnerSigningSecretPreviousUntil,
      ),
      webhook: withPrevious(
        integration.webhookSigningSecretSealed,
        integration.webhookSigningSecretPreviousSealed,
        integration.webhookSigningSecretPreviousUntil,
      ),
    };
  }
}
