import {
  allocateSplit,
  AppError,
  type Currency,
  type ErrorDetail,
  type SplitMode as DomainSplitMode,
  type SplitPart,
} from '@paysplit/domain';
import type { ConfigureParticipantInput, SplitMode } from '../gql/graphql';
import type { Translator } from '../i18n/translator';
import { minorFromApi } from '../money';
import type { PaySessionView } from '../session/session-query';
import { formatAmountInput, formatBasisPoints, parseAmountInput, parsePercentInput, parseSharesInput } from './share-inputs';
import { emailProblem, inputProblemMessage, nameProblem, splitProblemMessage } from './split-messages';

/** One participant as the host edits them; amounts stay text until checked. */
export interface DraftRow {
  /** Stable React key; an existing participant's id, or a local one for a new row. */
  key: string;
  participantId: string | null;
  name: string;
  email: string;
  /** Major units, as typed ("150.00"). */
  amount: string;
  /** Percent with up to 2 decimals, as typed ("33.33"). */
  percent: string;
  shares: string;
  /**
   * The host's own tick or untick of "Send invite by email"; unset, the box follows the address
   * (ticked once one is typed that the row did not already have).
   */
  sendInvite?: boolean;
  /** The address their invitation already went to: no second one unless the address changes. */
  invitedEmail?: string | null;
  /** The address the row had when the editor opened ('' for a new row). */
  loadedEmail?: string;
}

export interface SplitDraft {
  mode: SplitMode;
  rows: DraftRow[];
}

/** `row` holds problems of a participant as a whole (say, an equal share of 0). */
export type RowField = 'name' | 'email' | 'amount' | 'percent' | 'shares' | 'row';

export type FieldErrors = Readonly<Record<string, string>>;

export function fieldKey(index: number, field: RowField): string {
  return `${index}.${field}`;
}

/** The mode's own input, which a split error about that mode points at. */
export const MODE_FIELD: Readonly<Record<SplitMode, RowField>> = {
  EQUAL: 'row',
  EXACT: 'amount',
  PERCENT: 'percent',
  SHARES: 'shares',
};

export interface SplitCheck {
  /** Each row's share when the split works out, else null. */
  amounts: readonly bigint[] | null;
  fieldErrors: FieldErrors;
  /** Problems of the split as a whole ("Amounts add up to … but the total is …"). */
  formErrors: readonly string[];
  /** Exact mode: what the typed and paid amounts add up to, while every typed amount reads. */
  assignedMinor: bigint | null;
  /** Percent mode: the typed percentages in basis points, while every typed one reads. */
  percentTotal: number | null;
  /** The configureSession participants, present only when everything checks out. */
  input: ConfigureParticipantInput[] | null;
}

export const MAX_DISPLAY_NAME_LENGTH = 80;
/** The server's own loose check of an email address: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

let localKeys = 0;
function newKey(): string {
  localKeys += 1;
  return `new-${localKeys}`;
}

export function blankRow(): DraftRow {
  return { key: newKey(), participantId: null, name: '', email: '', amount: '', percent: '', shares: '' };
}

/** "Send invite by email" is offered for an address that has not had its invitation yet. */
export function offersInvite(row: DraftRow): boolean {
  const email = row.email.trim();
  return email !== '' && email !== (row.invitedEmail ?? null);
}

/**
 * Whether saving emails this row its invite: the host's own choice when they made one, else yes
 * for an address typed in this edit. An address the row already had (saved earlier without an
 * invitation, or given by the merchant) is not emailed unless the host ticks the box.
 */
export function sendsInvite(row: DraftRow): boolean {
  if (!offersInvite(row)) return false;
  return row.sendInvite ?? row.email.trim() !== (row.loadedEmail ?? '').trim();
}

/** Paid participants by id: their share is locked, as the server locks it. */
export function lockedShares(session: PaySessionView): ReadonlyMap<string, bigint> {
  return new Map(session.participants.filter((p) => p.status === 'PAID').map((p) => [p.id, minorFromApi(p.amountMinor)]));
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The server keeps amounts, not the weights that made them, so percent and share inputs are
 * recovered only where that is exact: percentages that reproduce every amount, shares from the
 * common divisor when they stay small. Otherwise the host types them again.
 */
function recoverWeights(amounts: readonly bigint[], base: bigint, locale: string): { percent: string[]; shares: string[] } {
  const blank = amounts.map(() => '');
  if (amounts.length === 0 || base <= 0n) return { percent: blank, shares: blank };
  const exactBp = amounts.every((a) => (a * 10_000n) % base === 0n);
  const percent = exactBp ? amounts.map((a) => formatBasisPoints(Number((a * 10_000n) / base), locale)) : blank;
  const divisor = amounts.reduce((g, a) => gcd(g, a), 0n);
  const weights = divisor > 0n ? amounts.map((a) => a / divisor) : [];
  const shares = weights.length > 0 && weights.every((w) => w <= 100n) ? weights.map(String) : blank;
  return { percent, shares };
}

/** The editor's starting point: the saved split, or the host plus one blank participant. */
export function draftFromSession(session: PaySessionView, currency: Currency, locale = 'en'): SplitDraft {
  if (session.participants.length === 0) {
    return { mode: 'EQUAL', rows: [blankRow(), blankRow()] };
  }
  const locked = lockedShares(session);
  const unlocked = session.participants.filter((p) => !locked.has(p.id));
  const lockedSum = [...locked.values()].reduce((a, b) => a + b, 0n);
  const weights = recoverWeights(
    unlocked.map((p) => minorFromApi(p.amountMinor)),
    minorFromApi(session.amountMinor) - lockedSum,
    locale,
  );
  let k = 0;
  const rows = session.participants.map((p): DraftRow => {
    const index = locked.has(p.id) ? -1 : k++;
    return {
      key: p.id,
      participantId: p.id,
      name: p.displayName,
      email: p.email ?? '',
      loadedEmail: p.email ?? '',
      invitedEmail: p.emailStatus?.invitedAt ? (p.email ?? null) : null,
      amount: formatAmountInput(minorFromApi(p.amountMinor), currency, locale),
      percent: index >= 0 ? (weights.percent[index] ?? '') : '',
      shares: index >= 0 ? (weights.shares[index] ?? '') : '',
    };
  });
  return { mode: session.splitMode ?? 'EQUAL', rows };
}

const DETAIL_PATH = /^(?:input\.)?participants\[(\d+)\](?:\.(\w+))?$/;
const FIELD_OF_PATH: Readonly<Record<string, RowField>> = {
  displayName: 'name',
  email: 'email',
  amountMinor: 'amount',
  lockedAmountMinor: 'amount',
  basisPoints: 'percent',
  shares: 'shares',
};

/** `participants[2].amountMinor` (from the domain or the server) to the input it is about. */
export function fieldForPath(path: string, mode: SplitMode): { index: number; field: RowField } | null {
  const match = DETAIL_PATH.exec(path);
  if (!match) return null;
  const field = match[2] === undefined ? MODE_FIELD[mode] : (FIELD_OF_PATH[match[2]] ?? 'row');
  return { index: Number(match[1]), field };
}

/**
 * Splits error details into messages per input and messages about the split as a whole, each
 * worded by `word` (the server's own message by default).
 */
export function distributeDetails(
  details: readonly ErrorDetail[],
  mode: SplitMode,
  fallback: string,
  word: (detail: ErrorDetail, index: number | null) => string = (detail) => detail.message,
): { fieldErrors: Record<string, string>; formErrors: string[] } {
  const fieldErrors: Record<string, string> = {};
  const formErrors: string[] = [];
  for (const detail of details) {
    const target = fieldForPath(detail.path, mode);
    if (target) fieldErrors[fieldKey(target.index, target.field)] ??= word(detail, target.index);
    else formErrors.push(word(detail, null));
  }
  if (details.length === 0) formErrors.push(fallback);
  return { fieldErrors, formErrors };
}

function toDomainMode(mode: SplitMode): DomainSplitMode {
  return mode.toLowerCase() as DomainSplitMode;
}

/**
 * Checks a draft the way the server will: names and emails as the server checks them, then the
 * domain's own `allocateSplit`, so the preview is the split the server stores, cent for cent.
 */
export function checkSplit(
  draft: SplitDraft,
  totalMinor: bigint,
  currency: Currency,
  locked: ReadonlyMap<string, bigint>,
  t: Translator,
): SplitCheck {
  const { mode, rows } = draft;
  const fieldErrors: Record<string, string> = {};
  const modeField = MODE_FIELD[mode];
  let modeInputsRead = true;
  let assigned = 0n;
  let paidMinor = 0n;
  let percentTotal = 0;

  const parts = rows.map((row, index): SplitPart => {
    const name = row.name.trim();
    const badName = nameProblem(t, name);
    if (badName !== undefined) fieldErrors[fieldKey(index, 'name')] = badName;
    const email = row.email.trim();
    if (email && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
      fieldErrors[fieldKey(index, 'email')] = emailProblem(t);
    }

    const paid = row.participantId === null ? undefined : locked.get(row.participantId);
    if (paid !== undefined) {
      assigned += paid;
      paidMinor += paid;
      return { lockedAmountMinor: paid };
    }
    const text = mode === 'EXACT' ? row.amount : mode === 'PERCENT' ? row.percent : mode === 'SHARES' ? row.shares : '';
    // An empty input is left to allocateSplit, which names the participant who needs a value;
    // meanwhile the running total counts it as nothing.
    if (mode === 'EQUAL' || text.trim() === '') return {};
    const parsed =
      mode === 'EXACT'
        ? parseAmountInput(text, currency, t.locale)
        : mode === 'PERCENT'
          ? parsePercentInput(text, t.locale)
          : parseSharesInput(text, t.locale);
    if (!parsed.ok) {
      fieldErrors[fieldKey(index, modeField)] = inputProblemMessage(t, parsed.problem, currency);
      modeInputsRead = false;
      return {};
    }
    if (mode === 'EXACT') {
      assigned += parsed.value as bigint;
      return { amountMinor: parsed.value as bigint };
    }
    if (mode === 'PERCENT') {
      percentTotal += parsed.value as number;
      return { basisPoints: parsed.value as number };
    }
    return { shares: parsed.value as number };
  });

  const parseFailed = Object.keys(fieldErrors).some((key) => key.endsWith(`.${modeField}`));
  let amounts: bigint[] | null = null;
  const formErrors: string[] = [];
  if (!parseFailed) {
    try {
      amounts = allocateSplit(totalMinor, toDomainMode(mode), parts, currency);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const facts = { mode, currency, totalMinor, paidMinor, typedMinor: assigned - paidMinor, percentTotal };
      const word = (detail: ErrorDetail, index: number | null) => splitProblemMessage(t, detail, index, facts);
      const distributed = distributeDetails(
        error.details ?? [],
        mode,
        splitProblemMessage(t, { path: '', message: error.message }, null, facts),
        word,
      );
      for (const [key, message] of Object.entries(distributed.fieldErrors)) fieldErrors[key] ??= message;
      formErrors.push(...distributed.formErrors);
    }
  }

  const valid = amounts !== null && Object.keys(fieldErrors).length === 0 && formErrors.length === 0;
  return {
    amounts,
    fieldErrors,
    formErrors,
    assignedMinor: mode === 'EXACT' && modeInputsRead ? assigned : null,
    percentTotal: mode === 'PERCENT' && modeInputsRead ? percentTotal : null,
    input: valid ? toConfigureInput(rows, parts, mode) : null,
  };
}

function toConfigureInput(rows: readonly DraftRow[], parts: readonly SplitPart[], mode: SplitMode): ConfigureParticipantInput[] {
  return rows.map((row, index) => {
    const part = parts[index] ?? {};
    const input: ConfigureParticipantInput = { displayName: row.name.trim(), email: row.email.trim() || null };
    if (row.participantId !== null) input.participantId = row.participantId;
    if (sendsInvite(row)) input.sendInvite = true;
    // A paid participant's share is locked by the server; it reads no value for them.
    if (part.lockedAmountMinor !== undefined) return input;
    if (mode === 'EXACT' && part.amountMinor !== undefined) input.amountMinor = part.amountMinor.toString();
    if (mode === 'PERCENT') input.basisPoints = part.basisPoints ?? null;
    if (mode === 'SHARES') input.shares = part.shares ?? null;
    return input;
  });
}
