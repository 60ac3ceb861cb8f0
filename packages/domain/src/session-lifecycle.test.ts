import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from './errors.js';
import {
  DEFAULT_EXPIRES_IN_SECONDS,
  MAX_EXPIRES_IN_SECONDS,
  MIN_EXPIRES_IN_SECONDS,
  SESSION_STATUSES,
  SESSION_TRANSITIONS,
  SessionStatus,
  assertPayable,
  canTransition,
  cancel,
  completeCapture,
  endOpenGroup,
  configure,
  expire,
  initialStatus,
  isSessionStatus,
  isTerminalStatus,
  recordAuthorization,
  recordHold,
  reopenShare,
} from './session-lifecycle.js';

function appError(code: ErrorCode, message?: string | RegExp) {
  return expect.objectContaining({
    name: 'AppError',
    code,
    ...(message === undefined ? {} : { message: typeof message === 'string' ? message : expect.stringMatching(message) }),
  });
}

describe('statuses', () => {
  it('lists the seven statuses in lifecycle order', () => {
    expect(SESSION_STATUSES).toEqual(['unconfigured', 'open', 'partially_paid', 'capturing', 'completed', 'expired', 'cancelled']);
    expect(isSessionStatus('partially_paid')).toBe(true);
    expect(isSessionStatus('PARTIALLY_PAID')).toBe(false);
  });

  it('treats completed, expired and cancelled as terminal', () => {
    expect(SESSION_STATUSES.filter(isTerminalStatus)).toEqual(['completed', 'expired', 'cancelled']);
  });

  it('starts unconfigured by default, open when the request set participants and split', () => {
    expect(initialStatus(true)).toBe('unconfigured');
    expect(initialStatus(false)).toBe('open');
  });

  it('bounds expiry between 30 minutes and 30 days, 72 hours by default', () => {
    expect(DEFAULT_EXPIRES_IN_SECONDS).toBe(72 * 3600);
    expect(MIN_EXPIRES_IN_SECONDS).toBe(30 * 60);
    expect(MAX_EXPIRES_IN_SECONDS).toBe(30 * 24 * 3600);
  });

  it('has no way out of completed and expired', () => {
    expect(SESSION_TRANSITIONS.completed).toEqual([]);
    expect(SESSION_TRANSITIONS.expired).toEqual([]);
    expect(canTransition('completed', 'open')).toBe(false);
    expect(canTransition('unconfigured', 'open')).toBe(true);
  });
});

describe('configure', () => {
  it('opens an unconfigured session and keeps an open one open', () => {
    expect(configure('unconfigured', 0n)).toBe('open');
    expect(configure('open', 0n)).toBe('open');
  });

  it('keeps a partially paid session partially paid', () => {
    expect(configure('partially_paid', 500n)).toBe('partially_paid');
  });

  it.each(['completed', 'expired', 'cancelled'] as const)('refuses to configure a %s session', (status) => {
    expect(() => configure(status, 0n)).toThrow(appError('INVALID_STATE', `This session is ${status} and can no longer be configured`));
  });

  it('refuses a paid amount that contradicts the status', () => {
    expect(() => configure('open', 100n)).toThrow(appError('INVALID_STATE', /cannot have paid shares/));
    expect(() => configure('unconfigured', 100n)).toThrow(appError('INVALID_STATE'));
    expect(() => configure('partially_paid', 0n)).toThrow(appError('INVALID_STATE', /at least one paid share/));
    expect(() => configure('open', -1n)).toThrow(appError('INVALID_STATE', /cannot be negative/));
  });
});

describe('assertPayable', () => {
  it('lets open and partially paid sessions be paid', () => {
    expect(() => assertPayable('open')).not.toThrow();
    expect(() => assertPayable('partially_paid')).not.toThrow();
  });

  it('refuses payment before the host has configured the session', () => {
    expect(() => assertPayable('unconfigured')).toThrow(appError('SESSION_NOT_PAYABLE', /^The host has not configured this session yet/));
  });

  it.each(['completed', 'expired', 'cancelled'] as const)('refuses payment of a %s session, naming the status', (status) => {
    expect(() => assertPayable(status)).toThrow(appError('SESSION_NOT_PAYABLE', `This session is ${status} and can no longer be paid`));
  });
});

describe('recordAuthorization', () => {
  it('moves an open session to partially paid on a first share', () => {
    expect(recordAuthorization('open', 300n, 1000n)).toBe('partially_paid');
  });

  it('keeps a partially paid session partially paid until the total is reached', () => {
    expect(recordAuthorization('partially_paid', 999n, 1000n)).toBe('partially_paid');
  });

  it('completes the session when the paid sum reaches the total exactly', () => {
    expect(recordAuthorization('partially_paid', 1000n, 1000n)).toBe('completed');
    expect(recordAuthorization('open', 1000n, 1000n)).toBe('completed');
  });

  it('refuses a paid sum above the total', () => {
    expect(() => recordAuthorization('partially_paid', 1001n, 1000n)).toThrow(appError('INVALID_STATE', /would exceed the session total/));
  });

  it('refuses a paid sum of 0 or less after an authorization', () => {
    expect(() => recordAuthorization('open', 0n, 1000n)).toThrow(appError('INVALID_STATE'));
    expect(() => recordAuthorization('open', -1n, 1000n)).toThrow(appError('INVALID_STATE'));
  });

  it('refuses a total of 0 or less', () => {
    expect(() => recordAuthorization('open', 1n, 0n)).toThrow(appError('INVALID_STATE'));
  });

  it.each(['unconfigured', 'completed', 'expired', 'cancelled'] as const)(
    'refuses an authorization on a %s session as not payable',
    (status) => {
      expect(() => recordAuthorization(status, 100n, 1000n)).toThrow(appError('SESSION_NOT_PAYABLE'));
    },
  );
});

describe('expire', () => {
  it.each(['unconfigured', 'open', 'partially_paid'] as const)('expires a %s session', (status) => {
    expect(expire(status)).toBe('expired');
  });

  it.each(['completed', 'expired', 'cancelled'] as const)('refuses to expire a %s session', (status) => {
    expect(() => expire(status)).toThrow(appError('INVALID_STATE', `This session is ${status} and cannot expire`));
  });
});

describe('cancel', () => {
  it.each(['unconfigured', 'open', 'partially_paid'] as const)('lets the merchant cancel a %s session', (status) => {
    expect(cancel(status, 'merchant', status === 'partially_paid' ? 500n : 0n)).toBe('cancelled');
  });

  it('lets the host cancel before anything is paid', () => {
    expect(cancel('unconfigured', 'host', 0n)).toBe('cancelled');
    expect(cancel('open', 'host', 0n)).toBe('cancelled');
  });

  it('refuses a host cancel once something is paid', () => {
    expect(() => cancel('partially_paid', 'host', 500n)).toThrow(appError('INVALID_STATE', /host can no longer cancel/));
  });

  it('answers a repeated cancel with cancelled, for merchant and host alike', () => {
    expect(cancel('cancelled', 'merchant', 500n)).toBe('cancelled');
    expect(cancel('cancelled', 'host', 500n)).toBe('cancelled');
  });

  it.each(['completed', 'expired'] as const)('refuses to cancel a %s session', (status) => {
    expect(() => cancel(status, 'merchant', 0n)).toThrow(
      appError('INVALID_STATE', `This session is ${status} and can no longer be cancelled`),
    );
  });

  it('refuses a negative paid amount', () => {
    expect(() => cancel('open', 'merchant', -1n)).toThrow(appError('INVALID_STATE'));
  });
});

// ---------------------------------------------------------------------------------------------
// every (status, transition) pair against SESSION_TRANSITIONS

interface Amounts {
  total: bigint;
  /** Paid before the move, for a partially paid or completed session. */
  paidBefore: bigint;
  /** A further share that does not complete the session. */
  share: bigint;
}

/** A paid sum consistent with each status, so only the status decides legality. */
function paidIn(status: SessionStatus, a: Amounts): bigint {
  if (status === 'partially_paid') return a.paidBefore;
  if (status === 'completed' || status === 'capturing') return a.total;
  return 0n;
}

interface Move {
  name: string;
  target: (from: SessionStatus) => SessionStatus;
  run: (from: SessionStatus, a: Amounts) => SessionStatus;
  refusedWith: ErrorCode;
  /**
   * The statuses the move is made from, where another function reaches the same target from
   * elsewhere (a capturing session is reopened, never paid into): from any other it is refused.
   */
  from?: readonly SessionStatus[];
}

const PAYABLE_OR_NOT: readonly SessionStatus[] = SESSION_STATUSES.filter((status) => status !== 'capturing');

const MOVES: readonly Move[] = [
  {
    name: 'configure',
    target: (from) => (from === 'partially_paid' ? 'partially_paid' : 'open'),
    run: (from, a) => configure(from, paidIn(from, a)),
    refusedWith: 'INVALID_STATE',
    from: PAYABLE_OR_NOT,
  },
  {
    name: 'record a partial authorization',
    target: () => 'partially_paid',
    run: (from, a) => recordAuthorization(from, paidIn(from, a) + a.share, a.total),
    refusedWith: 'SESSION_NOT_PAYABLE',
    from: PAYABLE_OR_NOT,
  },
  {
    name: 'record the completing authorization',
    target: () => 'completed',
    run: (from, a) => recordAuthorization(from, a.total, a.total),
    refusedWith: 'SESSION_NOT_PAYABLE',
    from: PAYABLE_OR_NOT,
  },
  {
    name: 'hold a partial share (manual capture)',
    target: () => 'partially_paid',
    run: (from, a) => recordHold(from, paidIn(from, a) + a.share, a.total),
    refusedWith: 'SESSION_NOT_PAYABLE',
    from: PAYABLE_OR_NOT,
  },
  {
    name: 'hold the last share',
    target: () => 'capturing',
    run: (from, a) => recordHold(from, a.total, a.total),
    refusedWith: 'SESSION_NOT_PAYABLE',
    from: PAYABLE_OR_NOT,
  },
  {
    name: 'capture a hold with others still held',
    target: () => 'capturing',
    run: (from) => completeCapture(from, 1),
    refusedWith: 'INVALID_STATE',
    from: ['capturing'],
  },
  {
    name: 'capture the last hold',
    target: () => 'completed',
    run: (from) => completeCapture(from, 0),
    refusedWith: 'INVALID_STATE',
    from: ['capturing'],
  },
  {
    name: 'reopen a declined share, others still held',
    target: () => 'partially_paid',
    run: (from, a) => reopenShare(from, a.share),
    refusedWith: 'INVALID_STATE',
    from: ['capturing', 'partially_paid'],
  },
  {
    name: 'reopen the last held share',
    target: () => 'open',
    run: (from) => reopenShare(from, 0n),
    refusedWith: 'INVALID_STATE',
    from: ['capturing', 'partially_paid'],
  },
  {
    name: 'end a tipped open group (manual)',
    target: () => 'capturing',
    run: (from) => endOpenGroup(from, 'manual'),
    refusedWith: 'INVALID_STATE',
    from: ['partially_paid'],
  },
  {
    name: 'end a tipped open group (automatic)',
    target: () => 'completed',
    run: (from) => endOpenGroup(from, 'automatic'),
    refusedWith: 'INVALID_STATE',
    from: ['partially_paid'],
  },
  { name: 'expire', target: () => 'expired', run: (from) => expire(from), refusedWith: 'INVALID_STATE' },
  {
    name: 'cancel by the merchant',
    target: () => 'cancelled',
    run: (from, a) => cancel(from, 'merchant', paidIn(from, a)),
    refusedWith: 'INVALID_STATE',
  },
];

// total > paidBefore + share, all positive: a partial authorization stays partial from any status.
const amounts: fc.Arbitrary<Amounts> = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 10n }))
  .map(([paidBefore, share, extra]) => ({ paidBefore, share, total: paidBefore + share + extra }));

/** The table allows the move's (from, to), and the move is made from there at all. */
const legal = (move: Move, from: SessionStatus): boolean =>
  (move.from ?? SESSION_STATUSES).includes(from) && canTransition(from, move.target(from));

describe('transitions against SESSION_TRANSITIONS', () => {
  it('allows exactly the moves in the table, and refuses every other (status, move) pair with the right code', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        for (const from of SESSION_STATUSES) {
          for (const move of MOVES) {
            const to = move.target(from);
            const label = `${move.name} from ${from}`;
            if (legal(move, from)) {
              expect(move.run(from, a), label).toBe(to);
            } else {
              let thrown: unknown;
              try {
                move.run(from, a);
              } catch (error) {
                thrown = error;
              }
              expect(thrown, label).toBeInstanceOf(AppError);
              expect((thrown as AppError).code, label).toBe(move.refusedWith);
            }
          }
        }
      }),
    );
  });

  it('lists no move that no transition function can make', () => {
    const a: Amounts = { paidBefore: 100n, share: 100n, total: 1000n };
    for (const from of SESSION_STATUSES) {
      const reachable = new Set(MOVES.filter((m) => legal(m, from)).map((m) => m.run(from, a)));
      expect([...reachable].sort(), from).toEqual([...SESSION_TRANSITIONS[from]].sort());
    }
  });

  it('never lets the host cancel a session with paid shares, whatever the status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SESSION_STATUSES), fc.bigInt({ min: 1n, max: 10n ** 10n }), (from, paid) => {
        if (from === 'cancelled') {
          expect(cancel(from, 'host', paid)).toBe('cancelled');
        } else {
          expect(() => cancel(from, 'host', paid)).toThrow(appError('INVALID_STATE'));
        }
      }),
    );
  });

  it('completes exactly when the paid sum reaches the total', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SessionStatus>('open', 'partially_paid'),
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        (from, paidAfter, total) => {
          if (paidAfter > total) {
            expect(() => recordAuthorization(from, paidAfter, total)).toThrow(appError('INVALID_STATE'));
          } else {
            expect(recordAuthorization(from, paidAfter, total)).toBe(paidAfter === total ? 'completed' : 'partially_paid');
          }
        },
      ),
    );
  });
});

describe('manual capture', () => {
  it('holds shares like authorizations, and moves to capturing instead of completing on the last one', () => {
    expect(recordHold('open', 300n, 1000n)).toBe('partially_paid');
    expect(recordHold('partially_paid', 1000n, 1000n)).toBe('capturing');
    expect(recordHold('open', 1000n, 1000n)).toBe('capturing');
  });

  it('completes only when the last hold is captured', () => {
    expect(completeCapture('capturing', 2)).toBe('capturing');
    expect(completeCapture('capturing', 0)).toBe('completed');
    expect(() => completeCapture('partially_paid', 0)).toThrow(appError('INVALID_STATE'));
  });

  it('reopens a declined share: partially paid while others are held, open when none is', () => {
    expect(reopenShare('capturing', 600n)).toBe('partially_paid');
    expect(reopenShare('capturing', 0n)).toBe('open');
    expect(reopenShare('partially_paid', 0n)).toBe('open');
    expect(() => reopenShare('completed', 0n)).toThrow(appError('INVALID_STATE'));
  });

  it('refuses payments, configuration and the host while the cards are being charged; the merchant may still cancel', () => {
    expect(() => assertPayable('capturing')).toThrow(appError('SESSION_NOT_PAYABLE', 'Everyone has paid; the cards are being charged now'));
    expect(() => configure('capturing', 1000n)).toThrow(appError('INVALID_STATE', /being charged and can no longer be configured/));
    expect(() => cancel('capturing', 'host', 1000n)).toThrow(appError('INVALID_STATE'));
    expect(cancel('capturing', 'merchant', 1000n)).toBe('cancelled');
    // A capture declined after the deadline ends it.
    expect(expire('capturing')).toBe('expired');
  });
});
