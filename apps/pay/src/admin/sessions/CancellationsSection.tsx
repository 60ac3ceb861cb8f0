import type { ReactNode } from 'react';
import type { AdminSessionQuery } from '../gql/graphql';
import { formatDateTime, formatOperatorMoney, humanize } from '../ui/format';
import { CallAttemptsTable } from './CallAttemptsTable';

type AdminSession = AdminSessionQuery['session'];
type AdminCancellation = AdminSession['cancellations'][number];
type AdminCapture = AdminSession['captures'][number];
/** A cancellation or a capture: one call to the merchant about one payment, under its own id. */
type PaymentCall = Omit<AdminCancellation, 'cancelId' | 'reason' | 'status'> & { id: string; reason: string; status: string };

const BADGES: Partial<Record<string, string>> = { succeeded: 'badge-ok', failed: 'badge-bad', pending: 'badge-wait' };

/** Why PaySplit asked the merchant, in words. */
const REASONS: Record<string, string> = {
  replaced: 'the payer started again',
  share_changed: 'the host changed the share',
  share_paid: 'the share was paid by another payment',
  duplicate: 'the share was already paid (its hold is released)',
  session_expired: 'the session expired',
  session_cancelled: 'the session was cancelled',
  capture_failed: 'its capture was declined (the rest of its hold is released)',
  hold_lapsed: 'its hold was about to lapse before everyone had paid (the share reopened)',
  session_complete: 'everyone had paid',
};

/** How each kind of call reads: its section, what it is about, and its outcomes. */
const KINDS = {
  cancel: {
    id: 'cancellations',
    heading: 'Cancelled checkouts',
    noun: 'checkout',
    idLabel: 'Cancel id',
    done: 'Checkout closed',
    refused: 'Not cancelled',
  },
  capture: { id: 'captures', heading: 'Captures', noun: 'hold', idLabel: 'Capture id', done: 'Captured', refused: 'Declined' },
} as const;

function outcome(call: PaymentCall, kind: keyof typeof KINDS): ReactNode {
  const status = call.status.toLowerCase();
  // A processor's reference is one long word: in code, which may break anywhere on a narrow screen.
  const reference = call.processorReference ? (
    <>
      {' '}
      (<code>{call.processorReference}</code>)
    </>
  ) : null;
  if (status === 'succeeded' || status === 'failed') {
    return (
      <>
        {status === 'succeeded' ? KINDS[kind].done : KINDS[kind].refused} {formatDateTime(call.settledAt, true)}
        {reference}
        {status === 'failed' && call.failureReason ? `: ${call.failureReason}` : ''}
      </>
    );
  }
  if (call.attempts === 0) return 'Waiting for the first call to the merchant';
  // A capture is never failed for want of an answer (the card may have been charged): only the merchant settles it.
  const unanswered = kind === 'capture' && call.attemptLog.at(-1)?.outcome === 'error';
  return unanswered ? 'The merchant has not answered: pending until the merchant settles it' : 'Waiting for the merchant to settle it';
}

function PaymentCallsSection({
  kind,
  calls,
  session,
}: {
  kind: keyof typeof KINDS;
  calls: readonly PaymentCall[];
  session: Pick<AdminSession, 'currency' | 'participants'>;
}) {
  if (calls.length === 0) return null;
  const words = KINDS[kind];
  const nameOf = (participantId: string) => session.participants.find((p) => p.id === participantId)?.displayName ?? participantId;
  return (
    <section className="admin-section" aria-labelledby={words.id}>
      <h2 id={words.id}>{words.heading}</h2>
      <ol className="event-list">
        {calls.map((call) => (
          <li key={call.id} className="card">
            <h3>
              {formatOperatorMoney(call.amountMinor, session.currency)} {words.noun} of {nameOf(call.participantId)}{' '}
              <span className={`badge ${BADGES[call.status.toLowerCase()] ?? 'badge-wait'}`}>{humanize(call.status)}</span>
            </h3>
            <p className="hint">
              Asked {formatDateTime(call.createdAt, true)} because{' '}
              {REASONS[call.reason.toLowerCase()] ?? humanize(call.reason).toLowerCase()} · {outcome(call, kind)}
            </p>
            <p className="hint">
              {words.idLabel} <code>{call.id}</code> · payment <code>{call.paymentId}</code>
            </p>
            <CallAttemptsTable
              attempts={call.attemptLog}
              label={`Calls to the merchant for ${kind === 'cancel' ? 'cancellation' : 'capture'} ${call.id}`}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Every checkout PaySplit asked the merchant to cancel, or hold to release (its partner cancel
 * URL): whose, why, how it ended, and each call with the reply. Shown only when there are some: an
 * integration without a cancel URL never has any.
 */
export function CancellationsSection({ session }: { session: Pick<AdminSession, 'cancellations' | 'currency' | 'participants'> }) {
  const calls = session.cancellations.map(({ cancelId, ...call }: AdminCancellation) => ({ ...call, id: cancelId }));
  return <PaymentCallsSection kind="cancel" calls={calls} session={session} />;
}

/** Every capture of a manual-capture session's holds, the same way; a capture never answered is shown waiting for the merchant. */
export function CapturesSection({ session }: { session: Pick<AdminSession, 'captures' | 'currency' | 'participants'> }) {
  const calls = session.captures.map(({ captureId, ...call }: AdminCapture) => ({ ...call, id: captureId }));
  return <PaymentCallsSection kind="capture" calls={calls} session={session} />;
}
