import {
  AppError,
  ErrorCode,
  type ErrorDetail,
  hasControlCharacter,
  MAX_MERCHANT_DISPLAY_NAME_LENGTH,
  normalizeAllowlistEntry,
  normalizeReminderOffsets,
  validateAccentColor,
  validateReminderOffsets,
  normalizeTimeZone,
  validateTimeZone,
  validateLogoUrl,
  describeDetails,
  type WebhookEventType,
  ALL_WEBHOOK_EVENT_TYPES,
  type CaptureMethod,
  isCaptureMethod,
  isManualCaptureEventType,
  validateHoldLifetime,
  CAPTURE_METHODS,
} from '@paysplit/domain';
import { assertLiveUrlAllowed } from '../../security/outbound.js';

/**
 * The checks and normal forms of what a merchant sets on an integration, shared by provisioning,
 * the administration area's settings and key creation.
 */

/** The brand payers see on the pay pages; absent or null stays as it is, "" clears. */
export interface BrandSettings {
  displayName?: string | null;
  logoUrl?: string | null;
  accentColor?: string | null;
}

const EVENT_TYPES = ALL_WEBHOOK_EVENT_TYPES;

/** Completion events are always sent; the others only when asked for (decisions §6). */
export function normalizeSubscriptions(requested: readonly string[]): WebhookEventType[] {
  const unknown = requested.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0) {
    throw new AppError(ErrorCode.ValidationError, `Unknown event type ${unknown.join(', ')}: use ${EVENT_TYPES.join(', ')}`, [
      { path: 'eventSubscriptions', message: `unknown: ${unknown.join(', ')}` },
    ]);
  }
  return EVENT_TYPES.filter((type) => type === 'SERVICE_SESSION_COMPLETED' || requested.includes(type));
}

/** Each entry in its normal form; a refused entry is named by its index. */
export function normalizeAllowlist(entries: readonly string[]): string[] {
  return entries.map((entry, index) => {
    try {
      return normalizeAllowlistEntry(entry);
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError(error.code, error.message, [{ path: `redirectAllowlist[${index}]`, message: error.message }]);
      }
      throw error;
    }
  });
}

/**
 * Checks the brand fields sent (all problems together): undefined means not sent, null clears.
 * The accent colour must carry white text at WCAG AA, since the pay pages put white on it.
 */
export function resolveBrand(input: BrandSettings): BrandSettings {
  const details: ErrorDetail[] = [];
  const brand: BrandSettings = {};
  const sent = (value: string | null | undefined): value is string => value !== undefined && value !== null;
  if (sent(input.displayName)) {
    const displayName = input.displayName.trim();
    if ([...displayName].length > MAX_MERCHANT_DISPLAY_NAME_LENGTH || hasControlCharacter(displayName)) {
      details.push({ path: 'displayName', message: `must be one line of at most ${MAX_MERCHANT_DISPLAY_NAME_LENGTH} characters` });
    }
    brand.displayName = displayName || null;
  }
  if (sent(input.logoUrl)) {
    const logoUrl = input.logoUrl.trim();
    const problems = logoUrl ? validateLogoUrl(logoUrl) : [];
    details.push(...problems);
    brand.logoUrl = logoUrl && problems.length === 0 ? new URL(logoUrl).toString() : null;
  }
  if (sent(input.accentColor)) {
    const accentColor = input.accentColor.trim();
    if (accentColor) details.push(...validateAccentColor(accentColor));
    brand.accentColor = accentColor ? accentColor.toUpperCase() : null;
  }
  if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
  return brand;
}

export function requireName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length === 0 || name.length > 200) {
    throw new AppError(ErrorCode.ValidationError, 'name must be 1 to 200 characters', [
      { path: 'name', message: 'must be 1 to 200 characters' },
    ]);
  }
  return name;
}

/** The reminder schedule (domain rules), largest offset first; VALIDATION_ERROR naming each bad entry. */
export function requireReminderOffsets(offsets: readonly number[]): number[] {
  const problems = validateReminderOffsets(offsets);
  if (problems.length > 0) {
    throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);
  }
  return normalizeReminderOffsets(offsets);
}

/** An IANA time zone in its usual spelling; VALIDATION_ERROR on `timeZone` otherwise. */
export function requireTimeZone(value: string): string {
  const problems = validateTimeZone(value);
  const zone = normalizeTimeZone(value);
  if (problems.length > 0 || zone === undefined) throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);
  return zone;
}

export function requireHttpUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(ErrorCode.ValidationError, `${field} must be an absolute URL`, [
      { path: field, message: 'must be an absolute URL' },
    ]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(ErrorCode.ValidationError, `${field} must use https (or http in test mode)`, [
      { path: field, message: 'must be http(s)' },
    ]);
  }
  if (url.username || url.password) {
    throw new AppError(ErrorCode.ValidationError, `${field} must not carry credentials`, [
      { path: field, message: 'must not carry credentials' },
    ]);
  }
  return url.toString();
}

/** The URL settings of an integration, each checked the same way. */
export const MERCHANT_URL_FIELDS = [
  'partnerCreatePaymentUrl',
  'partnerRefundUrl',
  'partnerCancelUrl',
  'partnerCaptureUrl',
  'webhookUrl',
] as const;

/** Live money only goes to public https addresses (decisions §6). */
export async function assertLiveUrls(urls: Partial<Record<(typeof MERCHANT_URL_FIELDS)[number], string | null>>): Promise<void> {
  for (const field of MERCHANT_URL_FIELDS) {
    const url = urls[field];
    if (url) await assertLiveUrlAllowed(url, field);
  }
}

/** `automatic` or `manual`; VALIDATION_ERROR on `captureMethod` otherwise. */
export function requireCaptureMethod(value: string): CaptureMethod {
  if (isCaptureMethod(value)) return value;
  const message = `must be ${CAPTURE_METHODS.join(' or ')}`;
  throw new AppError(ErrorCode.ValidationError, `captureMethod ${message}`, [{ path: 'captureMethod', message }]);
}

/** Seconds a hold lasts at the merchant's processor, within bounds; VALIDATION_ERROR on `holdLifetimeSeconds` otherwise. */
export function requireHoldLifetime(value: number): number {
  const problems = validateHoldLifetime(value);
  if (problems.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);
  return value;
}

/**
 * What captureMethod asks of the rest of an integration's settings, checked as they stand after a
 * change: manual needs both the cancel URL (releases) and the capture URL, and only manual
 * integrations hear what happens to held money (the capture and release events).
 */
export function assertCaptureSettings(integration: {
  captureMethod: CaptureMethod;
  partnerCancelUrl?: string | null;
  partnerCaptureUrl?: string | null;
  eventSubscriptions: readonly WebhookEventType[];
}): void {
  const details: ErrorDetail[] = [];
  if (integration.captureMethod === 'manual') {
    if (!integration.partnerCaptureUrl) details.push({ path: 'partnerCaptureUrl', message: 'is required with captureMethod manual' });
    if (!integration.partnerCancelUrl) {
      details.push({ path: 'partnerCancelUrl', message: 'is required with captureMethod manual (holds are released through it)' });
    }
  } else {
    const manualOnly = integration.eventSubscriptions.filter(isManualCaptureEventType);
    if (manualOnly.length > 0) {
      details.push({ path: 'eventSubscriptions', message: `${manualOnly.join(', ')} can be subscribed to with captureMethod manual only` });
    }
  }
  if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
}
