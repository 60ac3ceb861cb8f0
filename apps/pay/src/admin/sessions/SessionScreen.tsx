import type { ReactNode } from 'react';
import { maskEmailAddress } from '@paysplit/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPaths } from '../admin-routes';
import { DeliveryDetails } from '../deliveries/DeliveryAttempts';
import { isInFlight, useWatchWindow, WATCH_INTERVAL_MS } from '../deliveries/delivery-status';
import { RedeliverButton } from '../deliveries/RedeliverButton';
import type { AdminSessionQuery } from '../gql/graphql';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { formatDateTime, formatOperatorMoney, humanize } from '../ui/format';
import { Loading, PageLoadFailed } from '../ui/load-states';
import { CancellationsSection, CapturesSection } from './CancellationsSection';
import { OpenGroupSection, placesOf } from './OpenGroupSection';
import { RefundsSection, refundedWords } from './RefundsSection';
import { SessionDocument } from './session-documents';
import { SessionEmailsSection } from './SessionEmailsSection';
import { TestClockSection } from './TestClockSection';

type AdminSession = AdminSessionQuery['session'];

/** /admin/sessions/:id: the summary, who pays what, every payment and refund, and every event with each delivery attempt. */
export function SessionScreen({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const { watching, watch } = useWatchWindow();
  const queryKey = ['admin', 'session', sessionId] as const;
  const session = useQuery({
    queryKey,
    queryFn: async () => (await adminExecute(SessionDocument, { id: sessionId })).session,
    refetchInterval: (query) =>
      watching() || query.state.data?.events.some((event) => event.deliveries.some((d) => isInFlight(d.status)))
        ? WATCH_INTERVAL_MS
        : false,
  });
  const eyebrow = <Link href={adminPaths.sessions}>Sessions</Link>;

  if (session.isError)
    return <PageLoadFailed error={session.error} onRetry={() => void session.refetch()} title="Session" what="session" />;
  if (!session.data) {
    return (
      <AdminPage title="Session" eyebrow={eyebrow}>
        <Loading what="the session" />
      </AdminPage>
    );
  }
  const data = session.data;
  const money = (minor: string) => formatOperatorMoney(minor, data.currency);
  const onRedelivered = () => {
    watch();
    void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <AdminPage title={`Session ${data.orderReference ?? data.id.slice(0, 8)}`} eyebrow={eyebrow}>
      <section className="admin-section" aria-labelledby="summary">
        <h2 id="summary">Summary</h2>
        <SessionSummary session={data} />
      </section>

      <TestClockSection session={data} onAdvanced={() => void queryClient.invalidateQueries({ queryKey })} />

      {data.openGroup && <OpenGroupSection group={data.openGroup} currency={data.currency} />}

      <section className="admin-section" aria-labelledby="participants">
        <h2 id="participants">Participants</h2>
        {data.participants.length === 0 ? (
          <p>{data.openGroup ? 'Nobody has joined yet.' : 'Not set up yet: the host chooses who pays on their first visit.'}</p>
        ) : (
          <div className="table-wrap" role="region" aria-label="Participant list" tabIndex={0}>
            <table className="data-table stacks-on-phones">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  {data.openGroup && <th scope="col">Places</th>}
                  <th scope="col">Share</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {[...data.participants]
                  .sort((a, b) => a.position - b.position)
                  .map((p) => (
                    <tr key={p.id}>
                      <th scope="row" data-label="Name">
                        <span>
                          {p.displayName}
                          {p.isHost && <span className="tag">Host</span>}
                        </span>
                      </th>
                      <td data-label="Email">{p.email ? maskEmailAddress(p.email) : '—'}</td>
                      {data.openGroup && <td data-label="Places">{placesOf(p)}</td>}
                      <td className="cell-money" data-label="Share">
                        {money(p.amountMinor)}
                        {p.finalAmountMinor && p.finalAmountMinor !== p.amountMinor && (
                          <span className="muted"> (final {money(p.finalAmountMinor)})</span>
                        )}
                      </td>
                      <td data-label="Status">{humanize(p.status)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="admin-section" aria-labelledby="payments">
        <h2 id="payments">Payments</h2>
        {data.payments.length === 0 ? (
          <p>No payments yet.</p>
        ) : (
          <div className="table-wrap" role="region" aria-label="Payment list" tabIndex={0}>
            <table className="data-table stacks-on-phones">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Participant</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Processor reference</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td data-label="Started">{formatDateTime(payment.createdAt, true)}</td>
                    <td data-label="Participant">
                      {data.participants.find((p) => p.id === payment.participantId)?.displayName ?? payment.participantId}
                    </td>
                    <td className="cell-money" data-label="Amount">
                      {money(payment.amountMinor)}
                    </td>
                    <td data-label="Status">
                      <span>
                        <span className={`badge ${PAYMENT_BADGES[payment.status] ?? 'badge-wait'}`}>{humanize(payment.status)}</span>
                        {payment.duplicateOf && <span className="tag">Duplicate</span>}
                        {payment.refundRequired && <PaymentNotCounted payment={payment} />}
                      </span>
                    </td>
                    <td data-label="Processor reference">{payment.processorReference ? <code>{payment.processorReference}</code> : '—'}</td>
                    <td data-label="Outcome">{paymentOutcome(payment)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <CapturesSection session={data} />

      <CancellationsSection session={data} />

      <RefundsSection session={data} />

      <section className="admin-section" aria-labelledby="events">
        <h2 id="events">Events and deliveries</h2>
        {data.events.length === 0 ? (
          <p>No events yet: events are sent when a payment is recorded and when the session ends.</p>
        ) : (
          <ol className="event-list">
            {data.events.map((event) => {
              const label = `${humanize(event.type)} of ${formatDateTime(event.createdAt, true)}`;
              return (
                <li key={event.eventId} className="card">
                  <div className="event-head">
                    <h3>
                      {humanize(event.type)} <span className="muted">· {formatDateTime(event.createdAt, true)}</span>
                    </h3>
                    <RedeliverButton eventId={event.eventId} eventLabel={label} onRedelivered={onRedelivered} />
                  </div>
                  <p className="hint">
                    Event id <code>{event.eventId}</code>
                  </p>
                  {event.deliveries.length === 0 ? (
                    <p>Not delivered anywhere (no webhook URL, or not subscribed).</p>
                  ) : (
                    event.deliveries.map((delivery) => <DeliveryDetails key={delivery.id} delivery={delivery} />)
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section className="admin-section" aria-labelledby="requests">
        <h2 id="requests">Merchant API requests</h2>
        <p>
          What the merchant’s servers asked about this session (its creation, reads, payments recorded, refunds, cancellation), as answered:{' '}
          <Link href={adminPaths.requests(data.integrationId, `?session=${encodeURIComponent(data.id)}`)}>requests about this session</Link>
          .
        </p>
      </section>

      <SessionEmailsSection sessionId={data.id} />
    </AdminPage>
  );
}

type AdminPayment = AdminSession['payments'][number];

const PAYMENT_BADGES: Partial<Record<string, string>> = {
  failed: 'badge-bad',
  abandoned: 'badge-bad',
  authorized: 'badge-ok',
  captured: 'badge-ok',
  capture_failed: 'badge-bad',
};

/** Money that cannot count: owed back once taken; a hold (manual capture) is released instead, never refunded. */
function PaymentNotCounted({ payment }: { payment: AdminPayment }) {
  const held = payment.captureMethod === 'MANUAL' && payment.status !== 'captured';
  if (held) return <span className="tag">Not counted: released</span>;
  // Owed until the money is back (refundedAt), then the refunds section says how it went back.
  return payment.refundedAt ? null : <span className="tag tag-warn">Refund owed</span>;
}

/**
 * What became of an attempt, and when: the money in (and any card declined before it), a failure
 * (with the merchant's reason), or a newer attempt replacing it.
 */
function paymentOutcome(payment: AdminPayment): string {
  switch (payment.status) {
    case 'authorized':
      // A card declined before another went through at the same checkout keeps its reason here.
      return `${payment.captureMethod === 'MANUAL' ? `Held until ${formatDateTime(payment.holdExpiresAt, true)}, authorized` : 'Authorized'} ${formatDateTime(payment.authorizedAt, true)}${payment.failureReason ? ` (after a failed try: ${payment.failureReason})` : ''}`;
    case 'captured':
      return `Captured ${formatDateTime(payment.capturedAt, true)}`;
    case 'capture_failed':
      return `Capture declined${payment.failureReason ? `: ${payment.failureReason}` : ''}`;
    case 'released':
      return `Hold released ${formatDateTime(payment.releasedAt, true)}`;
    case 'failed':
      return `Failed ${formatDateTime(payment.endedAt, true)}${payment.failureReason ? `: ${payment.failureReason}` : ''}`;
    case 'abandoned':
      return `Abandoned ${formatDateTime(payment.endedAt, true)} (a newer attempt replaced it)`;
    case 'redirected':
      return 'At the processor’s checkout';
    default:
      return 'Starting';
  }
}

function SessionSummary({ session }: { session: AdminSession }) {
  const money = (minor: string) => formatOperatorMoney(minor, session.currency);
  const rows: [string, ReactNode][] = [
    ['Status', humanize(session.status)],
    ['Mode', session.mode === 'LIVE' ? 'Live' : 'Test'],
    ['Amount', money(session.amountMinor)],
    ['Paid', money(session.paidMinor)],
    ['Remaining', money(session.remainingMinor)],
    ['Refunded', refundedWords(session)],
    ['Split', session.splitMode ? humanize(session.splitMode) : 'Not set up yet'],
    ['Order reference', session.orderReference ?? '—'],
    ['Description', session.description ?? '—'],
    [
      'Integration',
      <Link key="integration" href={adminPaths.integration(session.integrationId)}>
        {session.integrationName}
      </Link>,
    ],
    ['Session id', <code key="id">{session.id}</code>],
    ['Created', formatDateTime(session.createdAt, true)],
    ['Updated', formatDateTime(session.updatedAt, true)],
    ['Completed', formatDateTime(session.completedAt, true)],
    ['Expires', formatDateTime(session.expiresAt, true)],
  ];
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
