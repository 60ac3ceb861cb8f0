import { allocateSplit, type SplitMode, type SplitPart } from './allocation.js';
import type { Currency } from './currencies.js';
import { AppError, describeDetails, ErrorCode, type ErrorDetail } from './errors.js';
import { parseMinorAmount } from './money.js';

/** A participant as the session holds it now. */
export interface CurrentParticipant {
  id: string;
  isHost: boolean;
  status: 'pending' | 'paid';
  amountMinor: bigint;
  position: number;
  displayName: string;
}

/** One entry of the host's new list (host first): an existing participant by id, or a new one. */
export interface RequestedParticipant {
  participantId?: string | null;
  amountMinor?: string | number | null;
  basisPoints?: number | null;
  shares?: number | null;
}

export interface ParticipantChangeRequest {
  current: readonly CurrentParticipant[];
  requested: readonly RequestedParticipant[];
  splitMode: SplitMode;
  totalMinor: bigint;
  currency: Currency;
  /** Problems the caller already found in the entries' own fields (names, emails); reported first. */
  fieldProblems?: readonly ErrorDetail[];
}

/** What one entry of the new list becomes. */
export interface PlannedEntry {
  position: number;
  isHost: boolean;
  /** The existing participant kept at this position, or null for a new one. */
  keptId: string | null;
  amountMinor: bigint;
}

/** The whole change: every id list in the current participants' position order. */
export interface ParticipantChangePlan {
  entries: PlannedEntry[];
  keptIds: string[];
  removedIds: string[];
  /** Kept participants whose amount is not what it was. */
  changedIds: string[];
  /** Whose live payment attempts no longer match their share: removed or changed. */
  staleIds: string[];
}

/** The fields of the split mode as allocateSplit reads them; an amount that is not one names its entry. */
export function toSplitPart(participant: Omit<RequestedParticipant, 'participantId'>, index: number): SplitPart {
  const part: SplitPart = {};
  if (participant.amountMinor != null) {
    part.amountMinor = parseMinorAmount(participant.amountMinor, `participants[${index}].amountMinor`);
  }
  if (participant.basisPoints != null) part.basisPoints = participant.basisPoints;
  if (participant.shares != null) part.shares = participant.shares;
  return part;
}

/**
 * Decides a host's change of participants and split (decisions §2). The first entry is always the
 * host; others name an existing participant or are new. Paid shares are locked: they must stay,
 * and keep their amounts; the mode divides the rest among the unpaid. Throws VALIDATION_ERROR with
 * every problem of the list, or allocateSplit's error when the split itself cannot be made.
 */
export function planParticipantChange(request: ParticipantChangeRequest): ParticipantChangePlan {
  const current = [...request.current].sort((a, b) => a.position - b.position);
  const byId = new Map(current.map((participant) => [participant.id, participant]));
  const host = current.find((participant) => participant.isHost);
  const problems: ErrorDetail[] = [...(request.fieldProblems ?? [])];

  const kept = request.requested.map((entry, index) => {
    if (index === 0) {
      // The first entry is the host whatever it says; an id there can only be the host's own.
      if (entry.participantId != null && entry.participantId.toLowerCase() !== host?.id) {
        problems.push({ path: 'participants[0].participantId', message: 'is not the host of this session' });
      }
      return host;
    }
    if (entry.participantId == null) return undefined;
    // Ids are UUIDs, the same in any case.
    const match = byId.get(entry.participantId.toLowerCase());
    if (!match || match.isHost) {
      problems.push({ path: `participants[${index}].participantId`, message: 'is not a participant of this session' });
      return undefined;
    }
    return match;
  });
  const keptList = kept.filter((participant) => participant !== undefined);
  const keptIds = new Set(keptList.map((participant) => participant.id));
  if (keptIds.size !== keptList.length) problems.push({ path: 'participants', message: 'a participant is listed twice' });
  for (const participant of current) {
    if (participant.status === 'paid' && !keptIds.has(participant.id)) {
      problems.push({ path: 'participants', message: `${participant.displayName} has paid and cannot be removed` });
    }
  }
  if (problems.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);

  const amounts = allocateSplit(
    request.totalMinor,
    request.splitMode,
    request.requested.map((entry, index) => {
      const participant = kept[index];
      return participant?.status === 'paid' ? { lockedAmountMinor: participant.amountMinor } : toSplitPart(entry, index);
    }),
    request.currency,
  );
  const entries = request.requested.map((_, index) => ({
    position: index,
    isHost: index === 0,
    keptId: kept[index]?.id ?? null,
    amountMinor: amounts[index]!,
  }));
  const newAmountOf = new Map(entries.flatMap((entry) => (entry.keptId ? [[entry.keptId, entry.amountMinor] as const] : [])));
  const removedIds = current.filter((participant) => !keptIds.has(participant.id)).map((participant) => participant.id);
  const changedIds = current
    .filter((participant) => keptIds.has(participant.id) && newAmountOf.get(participant.id) !== participant.amountMinor)
    .map((participant) => participant.id);
  const staleSet = new Set([...removedIds, ...changedIds]);
  return {
    entries,
    keptIds: current.filter((participant) => keptIds.has(participant.id)).map((participant) => participant.id),
    removedIds,
    changedIds,
    staleIds: current.filter((participant) => staleSet.has(participant.id)).map((participant) => participant.id),
  };
}
