import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireCurrency } from './currencies.js';
import { AppError } from './errors.js';
import {
  type CurrentParticipant,
  type ParticipantChangeRequest,
  planParticipantChange,
  type RequestedParticipant,
} from './participant-change.js';

const NZD = requireCurrency('NZD');

const participant = (id: string, position: number, fields: Partial<CurrentParticipant> = {}): CurrentParticipant => ({
  id,
  isHost: position === 0,
  status: 'pending',
  amountMinor: 1000n,
  position,
  displayName: id,
  ...fields,
});

const request = (current: CurrentParticipant[], requested: RequestedParticipant[], totalMinor = 3000n): ParticipantChangeRequest => ({
  current,
  requested,
  splitMode: 'equal',
  totalMinor,
  currency: NZD,
});

function problemsOf(change: () => unknown): { path: string; message: string }[] {
  try {
    change();
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_ERROR') return [...(error.details ?? [])];
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('planParticipantChange: validation', () => {
  const trio = [participant('host', 0), participant('ana', 1), participant('ben', 2, { status: 'paid' })];

  it('names an id that is not a participant of the session, and the host named after the first entry', () => {
    const problems = problemsOf(() =>
      planParticipantChange(request(trio, [{}, { participantId: 'nobody' }, { participantId: 'host' }, { participantId: 'ben' }])),
    );
    expect(problems).toEqual([
      { path: 'participants[1].participantId', message: 'is not a participant of this session' },
      { path: 'participants[2].participantId', message: 'is not a participant of this session' },
    ]);
  });

  it('names an id in the first entry that is not the host (the first entry is the host: no one else can take its place)', () => {
    expect(problemsOf(() => planParticipantChange(request(trio, [{ participantId: 'nobody' }, { participantId: 'ben' }])))).toEqual([
      { path: 'participants[0].participantId', message: 'is not the host of this session' },
    ]);
    expect(problemsOf(() => planParticipantChange(request(trio, [{ participantId: 'ana' }, { participantId: 'ben' }])))).toEqual([
      { path: 'participants[0].participantId', message: 'is not the host of this session' },
    ]);
  });

  it('refuses a participant listed twice', () => {
    expect(problemsOf(() => planParticipantChange(request(trio, [{}, { participantId: 'ben' }, { participantId: 'ben' }])))).toEqual([
      { path: 'participants', message: 'a participant is listed twice' },
    ]);
  });

  it('refuses to remove a participant who has paid, by name', () => {
    expect(problemsOf(() => planParticipantChange(request(trio, [{}, { participantId: 'ana' }])))).toEqual([
      { path: 'participants', message: 'ben has paid and cannot be removed' },
    ]);
  });

  it('reports the problems of the entries’ own fields first, with its own', () => {
    const fieldProblems = [{ path: 'participants[1].displayName', message: 'must be 1 to 80 characters' }];
    expect(problemsOf(() => planParticipantChange({ ...request(trio, [{}, { participantId: 'ana' }]), fieldProblems }))).toEqual([
      ...fieldProblems,
      { path: 'participants', message: 'ben has paid and cannot be removed' },
    ]);
  });

  it('keeps the host first, named or not, and makes the first entry the host of a new list', () => {
    for (const first of [{}, { participantId: 'host' }, { participantId: 'HOST' }]) {
      const plan = planParticipantChange(request(trio, [first, { participantId: 'ben' }]));
      expect(plan.entries[0]).toMatchObject({ keptId: 'host', isHost: true });
    }
    const fresh = planParticipantChange(request([], [{}, {}], 3001n));
    expect(fresh.entries).toEqual([
      { position: 0, isHost: true, keptId: null, amountMinor: 1501n },
      { position: 1, isHost: false, keptId: null, amountMinor: 1500n },
    ]);
  });

  it('marks removed and re-priced participants stale, not those whose share stays', () => {
    const plan = planParticipantChange(request(trio, [{}, { participantId: 'ben' }], 3000n));
    expect(plan).toMatchObject({ removedIds: ['ana'], changedIds: ['host'], staleIds: ['host', 'ana'], keptIds: ['host', 'ben'] });
    expect(plan.entries.map((entry) => entry.amountMinor)).toEqual([2000n, 1000n]);
  });
});

/** A session's participants (host first, some paid) and a valid new list for them. */
const changeArbitrary = fc
  .record({
    others: fc.array(fc.record({ paid: fc.boolean(), amount: fc.bigInt({ min: 1n, max: 50_000n }) }), { maxLength: 8 }),
    hostPaid: fc.boolean(),
    hostAmount: fc.bigInt({ min: 1n, max: 50_000n }),
    hasHost: fc.boolean(),
    keepUnpaid: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    newcomers: fc.nat({ max: 4 }),
    order: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
    perUnpaid: fc.bigInt({ min: 1n, max: 100_000n }),
    extra: fc.bigInt({ min: 0n, max: 1_000n }),
    mode: fc.constantFrom('equal' as const, 'shares' as const),
    weights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 13, maxLength: 13 }),
  })
  .map((g): ParticipantChangeRequest => {
    const current: CurrentParticipant[] = g.hasHost
      ? [
          participant('host', 0, { status: g.hostPaid ? 'paid' : 'pending', amountMinor: g.hostAmount }),
          ...g.others.map((other, index) =>
            participant(`p${index}`, index + 1, { status: other.paid ? 'paid' : 'pending', amountMinor: other.amount }),
          ),
        ]
      : [];
    const stays = current.slice(1).filter((other, index) => other.status === 'paid' || g.keepUnpaid[index]);
    const rest: RequestedParticipant[] = [
      ...stays.map((other) => ({ participantId: other.id })),
      ...Array.from({ length: g.newcomers }, () => ({})),
    ]
      .map((entry, index) => ({ entry, key: g.order[index] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ entry }) => entry);
    const requested = [{}, ...rest].map((entry, index) => ({ ...entry, shares: g.weights[index] }));
    const locked = requested.map((entry, index) =>
      current.find((one) => (index === 0 ? one.isHost : one.id === (entry as RequestedParticipant).participantId)),
    );
    const paidSum = locked.reduce((sum, one) => sum + (one?.status === 'paid' ? one.amountMinor : 0n), 0n);
    const unpaid = locked.filter((one) => one?.status !== 'paid').length;
    // Enough for every unpaid share to owe something in either mode (weights at most 9 to 1 each).
    const totalMinor = paidSum + (unpaid === 0 ? 0n : BigInt(unpaid) * 9n * g.perUnpaid + g.extra);
    return { current, requested, splitMode: g.mode, totalMinor, currency: NZD };
  });

describe('planParticipantChange: properties', () => {
  it('never changes or removes a paid share', () => {
    fc.assert(
      fc.property(changeArbitrary, (change) => {
        const plan = planParticipantChange(change);
        for (const paid of change.current.filter((one) => one.status === 'paid')) {
          expect(plan.keptIds).toContain(paid.id);
          expect(plan.entries.find((entry) => entry.keptId === paid.id)?.amountMinor).toBe(paid.amountMinor);
        }
      }),
    );
  });

  it('still sums exactly to the total', () => {
    fc.assert(
      fc.property(changeArbitrary, (change) => {
        const plan = planParticipantChange(change);
        expect(plan.entries.reduce((sum, entry) => sum + entry.amountMinor, 0n)).toBe(change.totalMinor);
        expect(plan.entries.every((entry) => entry.amountMinor > 0n)).toBe(true);
      }),
    );
  });

  it('keeps the host first, and only there', () => {
    fc.assert(
      fc.property(changeArbitrary, (change) => {
        const plan = planParticipantChange(change);
        expect(plan.entries.map((entry) => entry.isHost)).toEqual(plan.entries.map((_, index) => index === 0));
        const host = change.current.find((one) => one.isHost);
        expect(plan.entries[0]!.keptId).toBe(host?.id ?? null);
      }),
    );
  });

  it('marks exactly the removed and the re-priced stale', () => {
    fc.assert(
      fc.property(changeArbitrary, (change) => {
        const plan = planParticipantChange(change);
        const requestedIds = new Set(plan.entries.map((entry) => entry.keptId));
        expect(plan.removedIds).toEqual(change.current.filter((one) => !requestedIds.has(one.id)).map((one) => one.id));
        const repriced = change.current
          .filter((one) => plan.entries.some((entry) => entry.keptId === one.id && entry.amountMinor !== one.amountMinor))
          .map((one) => one.id);
        expect(plan.changedIds).toEqual(repriced);
        expect(new Set(plan.staleIds)).toEqual(new Set([...plan.removedIds, ...plan.changedIds]));
      }),
    );
  });

  it('is deterministic, whatever order the current participants arrive in', () => {
    fc.assert(
      fc.property(changeArbitrary, (change) => {
        const plan = planParticipantChange(change);
        expect(planParticipantChange(change)).toEqual(plan);
        expect(planParticipantChange({ ...change, current: [...change.current].reverse() })).toEqual(plan);
      }),
    );
  });

  it('refuses any list that leaves out a paid share', () => {
    fc.assert(
      fc.property(
        changeArbitrary.filter((change) => change.current.some((one) => one.status === 'paid' && !one.isHost)),
        (change) => {
          const paid = change.current.find((one) => one.status === 'paid' && !one.isHost)!;
          const without = change.requested.filter((entry) => entry.participantId !== paid.id);
          expect(problemsOf(() => planParticipantChange({ ...change, requested: without }))).toContainEqual({
            path: 'participants',
            message: `${paid.displayName} has paid and cannot be removed`,
          });
        },
      ),
    );
  });
});
