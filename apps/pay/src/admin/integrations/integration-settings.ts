import { MAX_MERCHANT_DISPLAY_NAME_LENGTH, validateAccentColor, validateLogoUrl } from '@paysplit/domain';
import type { AdminIntegrationFieldsFragment, CaptureMethod, EventType, IntegrationSettingsInput } from '../gql/graphql';

export const EVENT_TYPES: readonly { type: EventType; label: string }[] = [
  { type: 'SERVICE_SESSION_COMPLETED', label: 'Session completed' },
  { type: 'SERVICE_PAYMENT_RECORDED', label: 'Payment recorded' },
  { type: 'SERVICE_SESSION_EXPIRED', label: 'Session expired' },
  { type: 'SERVICE_SESSION_CANCELLED', label: 'Session cancelled' },
  { type: 'SERVICE_REFUND_SUCCEEDED', label: 'Refund succeeded' },
  { type: 'SERVICE_REFUND_FAILED', label: 'Refund failed' },
];

/** What happens to held money: offered, and sent, only with manual capture. */
export const MANUAL_EVENT_TYPES: readonly { type: EventType; label: string }[] = [
  { type: 'SERVICE_PAYMENT_CAPTURED', label: 'Payment captured' },
  { type: 'SERVICE_PAYMENT_CAPTURE_FAILED', label: 'Capture failed' },
  { type: 'SERVICE_PAYMENT_RELEASED', label: 'Hold released' },
];

/** The event types the form offers for a capture method, in the order it lists them. */
export function eventTypesFor(captureMethod: CaptureMethod): readonly { type: EventType; label: string }[] {
  return captureMethod === 'MANUAL' ? [...EVENT_TYPES, ...MANUAL_EVENT_TYPES] : EVENT_TYPES;
}

/** Holds last 7 days unless the merchant's processor says otherwise; 1 hour to 30 days. */
const DEFAULT_HOLD_LIFETIME_HOURS = 168;
const MAX_HOLD_LIFETIME_HOURS = 720;

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
  /** Automatic charges each share when paid; manual holds each and captures them once everyone has paid. */
  captureMethod: CaptureMethod;
  /** Where PaySplit asks for each capture (manual). */
  partnerCaptureUrl: string;
  /** How long a hold lasts at the processor, in whole hours as typed (sent in seconds). */
  holdLifetimeSeconds: string;
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
  'captureMethod',
  'partnerCaptureUrl',
  'holdLifetimeSeconds',
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
  captureMethod: 'AUTOMATIC',
  partnerCaptureUrl: '',
  holdLifetimeSeconds: String(DEFAULT_HOLD_LIFETIME_HOURS),
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
    captureMethod: integration.captureMethod,
    partnerCaptureUrl: integration.partnerCaptureUrl ?? '',
    // Whole hours when it is some; seconds the form cannot show exactly are shown to two places.
    holdLifetimeSeconds: String(Math.round((integration.holdLifetimeSeconds / 3600) * 100) / 100),
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
  for (const field of ['partnerCreatePaymentUrl', 'partnerRefundUrl', 'partnerCancelUrl', 'partnerCaptureUrl', 'webhookUrl'] as const) {
    const value = draft[field].trim();
    if (value !== '' && !isWebAddress(value)) errors[field] = 'Enter a full address starting with https://';
  }
  if (draft.captureMethod === 'MANUAL') {
    // Holds are captured at one address and released at the other: manual needs both.
    if (draft.partnerCaptureUrl.trim() === '') errors.partnerCaptureUrl = 'Manual capture needs the address PaySplit asks for captures at.';
    if (draft.partnerCancelUrl.trim() === '')
      errors.partnerCancelUrl = 'Manual capture needs this address too: holds are released through it.';
    const hours = Number(draft.holdLifetimeSeconds.trim());
    if (!/^\d+(\.\d+)?$/.test(draft.holdLifetimeSeconds.trim()) || hours < 1 || hours > MAX_HOLD_LIFETIME_HOURS) {
      errors.holdLifetimeSeconds = `Enter the hours a hold lasts at your processor, from 1 to ${MAX_HOLD_LIFETIME_HOURS} (30 days).`;
    }
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
    // In the order the form lists them, whatever order they were ticked in; held money's only with manual.
    eventSubscriptions: eventTypesFor(draft.captureMethod)
      .map((event) => event.type)
      .filter((type) => draft.eventSubscriptions.includes(type)),
    captureMethod: draft.captureMethod,
    enabled: draft.enabled,
  };
  for (const field of ['partnerCreatePaymentUrl', 'partnerRefundUrl', 'partnerCancelUrl', 'partnerCaptureUrl', 'webhookUrl'] as const) {
    const value = address(draft[field]);
    if (value !== undefined) input[field] = value;
  }
  // The hold's lifetime matters with manual capture only; it stays as it was otherwise.
  if (draft.captureMethod === 'MANUAL') input.holdLifetimeSeconds = Math.round(Number(draft.holdLifetimeSeconds.trim()) * 3600);
  return input;
}
