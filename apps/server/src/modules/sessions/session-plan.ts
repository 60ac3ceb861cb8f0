import {
  allocateSplit,
  AppError,
  assertRedirectUrlAllowed,
  DEFAULT_CURRENCY,
  describeDetails,
  ErrorCode,
  type ErrorDetail,
  initialStatus,
  requireCurrency,
  resolveExpiresInSeconds,
  resolveSuccessUrl,
  resolveTotalAmount,
  type SessionStatus,
  SPLIT_MODES,
  type SplitMode,
  validateMetadata,
  validateOrderReference,
  normalizeDescription,
  toSplitPart,
  assertStorableText,
  canonicalLocale,
  validateLocale,
} from '@paysplit/domain';
import { type OpenGroupCommand, planOpenGroup, type PlannedOpenGroup } from './open-groups/open-group-plan.js';

/** A creation request as both transports hand it to the service (GraphQL input shape). */
export interface CreateSessionCommand {
  integrationId: string;
  amount?: number | string | null;
  amountMinor?: string | number | null;
  currency?: string | null;
  unconfigured?: boolean | null;
  successUrl?: string | null;
  successReturnUrl?: string | null;
  cancelUrl?: string | null;
  metadata?: Record<string, unknown> | null;
  merchantOrderRef?: string | null;
  description?: string | null;
  locale?: string | null;
  participants?: readonly ParticipantCommand[] | null;
  splitMode?: SplitMode | null;
  expiresInSeconds?: number | null;
  /** An open group: payers join through its link (docs/plans/open-groups.md). */
  openGroup?: OpenGroupCommand | null;
}

export interface ParticipantCommand {
  displayName: string;
  email?: string | null;
  amountMinor?: string | number | null;
  basisPoints?: number | null;
  shares?: number | null;
}

export interface PlannedParticipant {
  displayName: string;
  email: string | null;
  amountMinor: bigint;
  isHost: boolean;
}

/** A fully validated session, ready to persist. */
export interface SessionPlan {
  currency: string;
  amountMinor: bigint;
  status: SessionStatus;
  splitMode: SplitMode | null;
  participants: PlannedParticipant[];
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, unknown>;
  orderReference: string | null;
  description: string | null;
  /** The merchant's language for the session, canonical (BCP 47), or null. */
  locale: string | null;
  expiresInSeconds: number;
  /** An open group's terms and organiser; null for a closed session. */
  openGroup: PlannedOpenGroup | null;
}

export const MAX_DISPLAY_NAME_LENGTH = 80;
const MAX_URL_LENGTH = 2048;
// Deliberately loose: one @, no spaces, a dot in the domain. Real validation is the merchant's.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a creation request against decisions §1-§3 and turns it into a plan, or throws the
 * first applicable error (currency and amount codes first, then redirects, then the rest).
 */
export function planSession(command: CreateSessionCommand, redirectAllowlist: readonly string[]): SessionPlan {
  assertStorableText(command);
  const currency = requireCurrency(command.currency ?? DEFAULT_CURRENCY);
  const details: ErrorDetail[] = [];
  const amounts = { amount: command.amount, amountMinor: command.amountMinor };
  const openGroup = command.openGroup == null ? null : planOpenGroup(command.openGroup, amounts, currency, details);
  const amountMinor = openGroup ? openGroup.amountMinor : resolveTotalAmount(amounts, currency);

  const successUrl = resolveSuccessUrl(command) ?? null;
  const cancelUrl = command.cancelUrl ?? null;
  for (const [path, url] of [
    ['successUrl', successUrl],
    ['cancelUrl', cancelUrl],
  ] as const) {
    if (url === null) continue;
    if (!isAbsoluteUrl(url) || url.length > MAX_URL_LENGTH) {
      details.push({ path, message: `must be an absolute URL of at most ${MAX_URL_LENGTH} characters` });
    } else {
      assertRedirectUrlAllowed(url, redirectAllowlist, path);
    }
  }

  const metadata = command.metadata ?? {};
  details.push(...validateMetadata(metadata), ...validateOrderReference(command.merchantOrderRef));
  const description = command.description == null ? null : normalizeDescription(command.description);
  if (description && 'problems' in description) details.push(...description.problems);
  if (command.locale != null) details.push(...validateLocale(command.locale));
  const expiresInSeconds = resolveExpiresInSeconds(command.expiresInSeconds);

  // An open group has no configuration step: nobody is known until they join.
  const unconfigured = openGroup === null && (command.unconfigured ?? true);
  const participants = openGroup
    ? checkOpenGroup(command, details)
    : unconfigured
      ? checkUnconfigured(command, details)
      : planParticipants(command, amountMinor, currency, details);
  if (details.length > 0) {
    throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
  }
  return {
    currency: currency.code,
    amountMinor,
    status: initialStatus(unconfigured),
    splitMode: unconfigured || openGroup ? null : command.splitMode!,
    participants,
    successUrl,
    cancelUrl,
    metadata,
    orderReference: command.merchantOrderRef ?? null,
    description: description && 'value' in description ? description.value : null,
    locale: command.locale == null ? null : (canonicalLocale(command.locale) ?? null),
    expiresInSeconds,
    openGroup,
  };
}

/** Payers join an open group through its link: the fields that name them are refused with it. */
function checkOpenGroup(command: CreateSessionCommand, details: ErrorDetail[]): PlannedParticipant[] {
  const refusal = 'not with openGroup: payers join through the join link';
  if (command.participants != null) details.push({ path: 'participants', message: refusal });
  if (command.splitMode != null) details.push({ path: 'splitMode', message: refusal });
  if (command.unconfigured != null) details.push({ path: 'unconfigured', message: 'not with openGroup: an open group has no set-up step' });
  return [];
}

function checkUnconfigured(command: CreateSessionCommand, details: ErrorDetail[]): PlannedParticipant[] {
  if (command.participants?.length) {
    details.push({
      path: 'participants',
      message: 'the host sets participants of an unconfigured session; send unconfigured: false to set them now',
    });
  }
  if (command.splitMode) details.push({ path: 'splitMode', message: 'only with unconfigured: false' });
  return [];
}

/** With `unconfigured: false` the merchant names the participants (host first) and the split. */
function planParticipants(
  command: CreateSessionCommand,
  amountMinor: bigint,
  currency: ReturnType<typeof requireCurrency>,
  details: ErrorDetail[],
): PlannedParticipant[] {
  const { participants, splitMode } = command;
  if (!participants?.length)
    details.push({ path: 'participants', message: 'required when unconfigured is false (the first participant is the host)' });
  if (!splitMode) details.push({ path: 'splitMode', message: `required when unconfigured is false: one of ${SPLIT_MODES.join(', ')}` });
  details.push(...checkParticipantFields(participants ?? []));
  if (details.length > 0 || !participants || !splitMode) return [];
  const amounts = allocateSplit(amountMinor, splitMode, participants.map(toSplitPart), currency);
  return participants.map((participant, index) => ({
    displayName: participant.displayName.trim(),
    email: participant.email?.trim() || null,
    amountMinor: amounts[index]!,
    isHost: index === 0,
  }));
}

export function checkParticipantFields(participants: readonly ParticipantCommand[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  participants.forEach((participant, index) => {
    const name = participant.displayName.trim();
    if (name.length === 0 || name.length > MAX_DISPLAY_NAME_LENGTH) {
      details.push({ path: `participants[${index}].displayName`, message: `must be 1 to ${MAX_DISPLAY_NAME_LENGTH} characters` });
    }
    const email = participant.email?.trim();
    if (email && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
      details.push({ path: `participants[${index}].email`, message: 'must be an email address' });
    }
  });
  return details;
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
