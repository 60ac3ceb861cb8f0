import { MAX_MERCHANT_DISPLAY_NAME_LENGTH, validateAccentColor, validateLogoUrl } from '@paysplit/domain';
import type { AdminIntegrationFieldsFragment, EventType, IntegrationSettingsInput } from '../gql/graphql';

export const EVENT_TYPES: readonly { type: EventType; label: string }[] = [
  { type: 'SERVICE_SESSION_COMPLETED', label: 'Session completed' },
  { type: 'SERVICE_PAYMENT_RECORDED', label: 'Payment recorded' },
  { type: 'SERVICE_SESSION_EXPIRED', label: 'Session expired' },
  { type: 'SERVICE_SESSION_CANCELLED', label: 'Session cancelled' },
  { type: 'SERVICE_REFUND_SUCCEEDED', label: 'Refund succeeded' },
  { type: 'SERVICE_REFUND_FAILED', label: 'Refund failed' },
];

/** The settings form as typed: text fields as text, the allowlist one address per line. */
export interface SettingsDraft {
  name: string;
  /** What payers see: the display name (else the name), logo and accent colour. */
  displayName: string;
  logoUrl: string;
  accentColor: string;
  partnerCreatePaymentUrl: string;
  /** Where PaySplit asks the merchant to refund a payment; without it, refunds stay the merchant's job. */
  partnerRefundUrl: string;
  /** Where PaySplit says a checkout will not be used, so the merchant expires it; without it, nothing is called. */
  partnerCancelUrl: string;
  webhookUrl: string;
  redirectAllowlist: string;
  eventSubscriptions: readonly EventType[];
  enabled: boolean;
}

export type SettingsField = keyof SettingsDraft;

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'name',
  'displayName',
  'logoUrl',
  'accentColor',
  'partnerCreatePaymentUrl',
  'partnerRefundUrl',
  'partnerCancelUrl',
  'webhookUrl',
  'redirectAllowlist',
  'eventSubscriptions',
  'enabled',
];

export const NEW_INTEGRATION_DRAFT: SettingsDraft = {
  name: '',
  displayName: '',
  logoUrl: '',
  accentColor: '',
  partnerCreatePaymentUrl: '',
  partnerRefundUrl: '',
  partnerCancelUrl: '',
  webhookUrl: '',
  redirectAllowlist: '',
  eventSubscriptions: EVENT_TYPES.map((event) => event.type),
  enabled: true,
};

export function draftFromIntegration(integration: AdminIntegrationFieldsFragment): SettingsDraft {
  return {
    name: integration.name,
    displayName: integration.displayName ?? '',
    logoUrl: integration.logoUrl ?? '',
    accentColor: integration.accentColor ?? '',
    partnerCreatePaymentUrl: integration.partnerCreatePaymentUrl ?? '',
    partnerRefundUrl: integration.partnerRefundUrl ?? '',
    partnerCancelUrl: integration.partnerCancelUrl ?? '',
    webhookUrl: integration.webhookUrl ?? '',
    redirectAllowlist: integration.redirectAllowlist.join('\n'),
    eventSubscriptions: integration.eventSubscriptions,
    enabled: integration.enabled,
  };
}

/** The allowlist's lines: trimmed, blank lines dropped, duplicates once. */
export function allowlistLines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
}

/** An allowlist entry: scheme and host (and port), no path, query or credentials; `*.` wildcards allowed. */
const ORIGIN = /^https?:\/\/[^/?#@\s]+\/?$/i;

function isWebAddress(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * What the browser can tell before asking the server (which has the final word: https for live
 * keys, no private addresses): a name, and web addresses where addresses go.
 */
export function checkSettings(draft: SettingsDraft): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  if (draft.name.trim() === '') errors.name = 'Give the integration a name.';
  if ([...draft.displayName.trim()].length > MAX_MERCHANT_DISPLAY_NAME_LENGTH) {
    errors.displayName = `Use at most ${MAX_MERCHANT_DISPLAY_NAME_LENGTH} characters.`;
  }
  const logoUrl = draft.logoUrl.trim();
  if (logoUrl !== '' && validateLogoUrl(logoUrl).length > 0) errors.logoUrl = 'Enter a full image address starting with https://';
  const accentColor = draft.accentColor.trim();
  const [accentProblem] = accentColor === '' ? [] : validateAccentColor(accentColor);
  if (accentProblem) errors.accentColor = sentence(accentProblem.message);
  for (const field of ['partnerCreatePaymentUrl', 'partnerRefundUrl', 'partnerCancelUrl', 'webhookUrl'] as const) {
    const value = draft[field].trim();
    if (value !== '' && !isWebAddress(value)) errors[field] = 'Enter a full address starting with https://';
  }
  const badLine = allowlistLines(draft.redirectAllowlist).find((line) => !ORIGIN.test(line));
  if (badLine !== undefined) {
    errors.redirectAllowlist = `“${badLine.slice(0, 80)}” is not an origin: give scheme and host only, such as https://shop.example.com.`;
  }
  return errors;
}

function sentence(message: string): string {
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/**
 * The mutation input. On update every field is sent, an empty address as "" (which clears it);
 * on create an empty address is left out.
 */
export function settingsInput(draft: SettingsDraft, purpose: 'create' | 'update'): IntegrationSettingsInput {
  const address = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' && purpose === 'create' ? undefined : trimmed;
  };
  const input: IntegrationSettingsInput = {
    name: draft.name.trim(),
    // "" clears a brand field on update; on create, blank is simply not set.
    displayName: address(draft.displayName) ?? null,
    logoUrl: address(draft.logoUrl) ?? null,
    accentColor: address(draft.accentColor) ?? null,
    redirectAllowlist: allowlistLines(draft.redirectAllowlist),
    // In the order the form lists them, whatever order they were ticked in.
    eventSubscriptions: EVENT_TYPES.map((event) => event.type).filter((type) => draft.eventSubscriptions.includes(type)),
    enabled: draft.enabled,
  };
  const partnerCreatePaymentUrl = address(draft.partnerCreatePaymentUrl);
  const partnerRefundUrl = address(draft.partnerRefundUrl);
  const partnerCancelUrl = address(draft.partnerCancelUrl);
  const webhookUrl = address(draft.webhookUrl);
  if (partnerCreatePaymentUrl !== undefined) input.partnerCreatePaymentUrl = partnerCreatePaymentUrl;
  if (partnerRefundUrl !== undefined) input.partnerRefundUrl = partnerRefundUrl;
  if (partnerCancelUrl !== undefined) input.partnerCancelUrl = partnerCancelUrl;
  if (webhookUrl !== undefined) input.webhookUrl = webhookUrl;
  return input;
}
