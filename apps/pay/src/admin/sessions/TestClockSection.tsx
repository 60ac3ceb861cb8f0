import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminAdvanceTestClockMutation, AdminSessionQuery } from '../gql/graphql';
import { adminExecute } from '../transport';
import { FormError, SelectField, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { formatDateTime } from '../ui/format';
import { AdvanceTestClockDocument } from './session-documents';

type AdminSession = AdminSessionQuery['session'];
type Run = AdminAdvanceTestClockMutation['advanceTestClock']['ran'][number];

/** How far one advance may go (the server's bound): 60 days. */
const MAX_SECONDS = 60 * 24 * 3600;
const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;
const ENDED = new Set(['COMPLETED', 'EXPIRED', 'CANCELLED']);

/** One line per thing that fell due, in the order it ran. */
function describeRun(run: Run, session: Pick<AdminSession, 'participants' | 'payments'>): string {
  const when = formatDateTime(run.at, true);
  const nameOf = (participantId: string | null | undefined) =>
    session.participants.find((participant) => participant.id === participantId)?.displayName ?? 'a payer';
  switch (run.kind) {
    case 'REMINDER':
      return `${when}: reminder emailed to ${nameOf(run.participantId)} (${hoursBefore(run.offsetMinutes)} before the deadline)`;
    case 'HOLD_LAPSED': {
      const payment = session.payments.find((candidate) => candidate.id === run.paymentId);
      return `${when}: the hold of ${nameOf(payment?.participantId)} was about to lapse, so it was released and the share reopened`;
    }
    default:
      return `${when}: the deadline passed and the session expired`;
  }
}

function hoursBefore(minutes: number | null | undefined): string {
  if (!minutes) return 'some time';
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/**
 * Test mode only: the session's clock, and moving it forward. Whatever falls due on the way runs
 * in order, as it would have in time (reminders, holds about to lapse, the deadline), and the page
 * lists it; the rest of the page shows the consequences once reloaded.
 */
export function TestClockSection({ session, onAdvanced }: { session: AdminSession; onAdvanced: () => void }) {
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<Unit>('hours');
  const [errors, setErrors] = useState<FormErrors<'seconds'>>(NO_ERRORS);
  const advance = useMutation({
    mutationFn: (seconds: number) => adminExecute(AdvanceTestClockDocument, { sessionId: session.id, input: { seconds } }),
    onSuccess: onAdvanced,
    onError: (error) => setErrors(formErrorsFrom(error, ['seconds'] as const)),
  });
  if (session.mode !== 'TEST') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (advance.isPending) return;
    const count = Number(amount);
    const seconds = count * UNITS[unit];
    if (!Number.isInteger(count) || count < 1 || seconds > MAX_SECONDS) {
      setErrors({ fields: { seconds: 'Enter a whole number of at least 1, up to 60 days in all.' }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    advance.mutate(seconds);
  };

  const done = advance.data?.advanceTestClock;
  return (
    <section className="admin-section" aria-labelledby="test-clock">
      <h2 id="test-clock">Test clock</h2>
      <p>
        {session.testClockAt
          ? `This test session’s clock stands at ${formatDateTime(session.testClockAt, true)}. It moves only when you advance it.`
          : 'This test session runs on real time until you advance its clock; from then on its clock stands still between advances.'}
      </p>
      {ENDED.has(session.status) ? (
        <p className="hint">The session has ended, so nothing more falls due: its clock stays where it ended.</p>
      ) : (
        <form className="inline-form" onSubmit={submit} noValidate aria-labelledby="test-clock">
          <p className="hint">
            Reminders, holds about to lapse and the deadline that fall due on the way happen in order, with their emails and events.
          </p>
          <div className="filter-grid">
            <TextField
              label="Advance by"
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.fields.seconds}
            />
            <SelectField label="Unit" value={unit} onChange={(e) => setUnit(e.target.value as Unit)}>
              <option value="minutes">Minutes</option>
              <option value="hours">Hours</option>
              <option value="days">Days</option>
            </SelectField>
          </div>
          <FormError message={errors.form} />
          <div className="form-actions">
            <button type="submit" className="button-secondary" disabled={advance.isPending}>
              {advance.isPending ? 'Advancing…' : 'Advance clock'}
            </button>
          </div>
        </form>
      )}
      <div role="status">
        {done && (
          <>
            <p className="notice-inline-success">
              {`Clock advanced to ${formatDateTime(done.testClockAt, true)}. ${done.ran.length === 0 ? 'Nothing fell due on the way.' : 'On the way:'}`}
            </p>
            {done.ran.length > 0 && (
              <ol className="test-clock-runs">
                {done.ran.map((run, index) => (
                  <li key={index}>{describeRun(run, session)}</li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}
