import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, assertStorableText } from '@paysplit/domain';
import type { SecretBox } from '../../security/secret-box.js';
import { isEmailAddress } from '../accounts/index.js';
import type { AuditActor, AuditService } from '../audit/index.js';
import { normalizeBankAccount } from './bank-account.js';
import type { Integration } from './integration.entity.js';
import type { IntegrationRepository } from './integration.repository.js';

export interface PayoutOnboardingInput {
  legalName: string;
  bankAccount: string;
  contactEmail: string;
}

/** Where a merchant's money goes: the payout details that live keys and live sessions need. */
export class PayoutOnboardingService {
  constructor(
    private readonly secretBox: SecretBox,
    private readonly integrations: IntegrationRepository,
    private readonly audit: AuditService,
  ) {}

  /** Payout details, validated; complete when every field is valid. The bank account is sealed and shown masked. */
  async submitPayoutOnboarding(
    em: EntityManager,
    integration: Integration,
    input: PayoutOnboardingInput,
    who: AuditActor,
  ): Promise<Integration> {
    assertStorableText(input);
    const problems: { path: string; message: string }[] = [];
    const legalName = typeof input.legalName === 'string' ? input.legalName.trim() : '';
    if (legalName.length < 2 || legalName.length > 200) problems.push({ path: 'legalName', message: 'must be 2 to 200 characters' });
    const bankAccount = normalizeBankAccount(input.bankAccount);
    if (!bankAccount) {
      problems.push({ path: 'bankAccount', message: 'must be an IBAN or a New Zealand account number like 12-3140-0123456-00' });
    }
    const contactEmail = typeof input.contactEmail === 'string' ? input.contactEmail.trim() : '';
    if (!isEmailAddress(contactEmail)) {
      problems.push({ path: 'contactEmail', message: 'must be an email address' });
    }
    if (problems.length > 0 || !bankAccount) {
      throw new AppError(
        ErrorCode.ValidationError,
        `Payout details are not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
        problems,
      );
    }
    integration.payoutLegalName = legalName;
    integration.payoutBankAccountSealed = this.secretBox.seal(bankAccount);
    integration.payoutBankAccountLast4 = bankAccount.slice(-4);
    integration.payoutContactEmail = contactEmail;
    const wasComplete = integration.payoutOnboarded;
    integration.payoutOnboarded = true;
    integration.payoutCompletedAt ??= new Date();
    this.audit.record(em, who, {
      action: 'payout.onboarding_submitted',
      integrationId: integration.id,
      summary: `${wasComplete ? 'Updated' : 'Completed'} payout onboarding (account ••••${bankAccount.slice(-4)})`,
    });
    await this.integrations.save(em);
    return integration;
  }
}
