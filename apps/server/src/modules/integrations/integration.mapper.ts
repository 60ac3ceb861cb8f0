import { wrap } from '@mikro-orm/core';
import type { ApiKey } from './api-key.entity.js';
import type { Integration } from './integration.entity.js';
import { ApiKeyView, IntegrationView, PayoutOnboardingView, SigningSecretView } from './integration.types.js';

export function toIntegrationView(integration: Integration): IntegrationView {
  return Object.assign(new IntegrationView(), {
    id: integration.id,
    name: integration.name,
    displayName: integration.displayName ?? null,
    logoUrl: integration.logoUrl ?? null,
    accentColor: integration.accentColor ?? null,
    partnerCreatePaymentUrl: integration.partnerCreatePaymentUrl ?? null,
    partnerRefundUrl: integration.partnerRefundUrl ?? null,
    partnerCancelUrl: integration.partnerCancelUrl ?? null,
    partnerCaptureUrl: integration.partnerCaptureUrl ?? null,
    captureMethod: integration.captureMethod,
    holdLifetimeSeconds: integration.holdLifetimeSeconds,
    webhookUrl: integration.webhookUrl ?? null,
    redirectAllowlist: integration.redirectAllowlist,
    eventSubscriptions: integration.eventSubscriptions,
    enabled: integration.enabled,
    reminderOffsetsMinutes: integration.reminderOffsetsMinutes,
    timeZone: integration.timeZone,
    ownerEmail: integration.owner && wrap(integration.owner).isInitialized() ? integration.owner.email : null,
    payoutOnboarding: Object.assign(new PayoutOnboardingView(), {
      status: integration.payoutOnboarded ? 'complete' : 'pending',
      legalName: integration.payoutLegalName ?? null,
      bankAccountMasked: integration.payoutBankAccountLast4 ? `••••••••${integration.payoutBankAccountLast4}` : null,
      contactEmail: integration.payoutContactEmail ?? null,
      completedAt: integration.payoutCompletedAt ?? null,
    }),
    signingSecrets: [
      Object.assign(new SigningSecretView(), {
        kind: 'webhook',
        rotatedAt: integration.webhookSigningSecretRotatedAt ?? null,
        previousValidUntil: integration.webhookSigningSecretPreviousUntil ?? null,
      }),
      Object.assign(new SigningSecretView(), {
        kind: 'partner',
        rotatedAt: integration.partnerSigningSecretRotatedAt ?? null,
        previousValidUntil: integration.partnerSigningSecretPreviousUntil ?? null,
      }),
    ],
    createdAt: integration.createdAt,
  });
}

export function toApiKeyView(key: ApiKey): ApiKeyView {
  return Object.assign(new ApiKeyView(), {
    id: key.id,
    name: key.name ?? null,
    mode: key.mode,
    last4: key.last4,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt ?? null,
    revokedAt: key.revokedAt ?? null,
  });
}
