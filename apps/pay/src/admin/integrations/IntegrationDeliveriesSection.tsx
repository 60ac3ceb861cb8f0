import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPaths } from '../admin-routes';
import { DeliveryStatusBadge } from '../deliveries/DeliveryAttempts';
import { SendTestEventDocument, WebhookDeliveriesDocument } from '../deliveries/delivery-documents';
import { isInFlight, useWatchWindow, WATCH_INTERVAL_MS } from '../deliveries/delivery-status';
import { RedeliverButton } from '../deliveries/RedeliverButton';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { formatDateTime, humanize } from '../ui/format';
import { describeError } from '../ui/form-errors';
import { LoadFailed, Loading } from '../ui/load-states';
import { Pager, useCursorPages } from '../ui/pager';

const PAGE_SIZE = 20;

/** "Send test event", and the integration's deliveries, newest first, each with its last reply and Redeliver. */
export function IntegrationDeliveriesSection({ integrationId }: { integrationId: string }) {
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const { watching, watch } = useWatchWindow();
  const queryKey = ['admin', 'deliveries', integrationId, pages.after] as const;
  const deliveries = useQuery({
    queryKey,
    queryFn: async () =>
      (await adminExecute(WebhookDeliveriesDocument, { filter: { integrationId }, first: PAGE_SIZE, after: pages.after }))
        .webhookDeliveries,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      watching() || query.state.data?.edges.some((edge) => isInFlight(edge.node.delivery.status)) ? WATCH_INTERVAL_MS : false,
  });
  const refresh = () => {
    watch();
    void queryClient.invalidateQueries({ queryKey: ['admin', 'deliveries', integrationId] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'session'] });
  };

  const sendTest = useMutation({
    mutationFn: () => adminExecute(SendTestEventDocument, { integrationId }),
    onSuccess: () => {
      pages.reset();
      refresh();
    },
  });
  const testEvent = sendTest.data?.sendTestEvent;
  // The test event's deliveries as the list now shows them (fresher than the mutation's reply).
  const listed = testEvent ? (deliveries.data?.edges ?? []).filter((edge) => edge.node.eventId === testEvent.eventId) : [];
  const testDeliveries = listed.length > 0 ? listed.map((edge) => edge.node.delivery) : (testEvent?.deliveries ?? []);

  return (
    <section className="admin-section" aria-labelledby="deliveries">
      <h2 id="deliveries">Webhook deliveries</h2>
      <div className="form-actions">
        <button type="button" className="button-secondary" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          {sendTest.isPending ? 'Sending test event…' : 'Send test event'}
        </button>
      </div>
      <div role="status" className="test-event-result">
        {sendTest.isError && <p className="form-error">{describeError(sendTest.error)}</p>}
        {testEvent && (
          <p>
            Test event <code>{testEvent.eventId}</code> sent.{' '}
            {testDeliveries.length === 0
              ? 'No webhook URL to deliver it to.'
              : testDeliveries.map((delivery) => (
                  <span key={delivery.id} className="test-event-delivery">
                    Delivery: <DeliveryStatusBadge status={delivery.status} />
                    {delivery.attempts.at(-1)?.statusCode != null && <> (HTTP {delivery.attempts.at(-1)?.statusCode})</>}
                  </span>
                ))}
          </p>
        )}
      </div>

      {deliveries.isPending && <Loading what="deliveries" />}
      {deliveries.isError && <LoadFailed error={deliveries.error} onRetry={() => void deliveries.refetch()} />}
      {deliveries.data?.edges.length === 0 && <p>No deliveries yet.</p>}
      {deliveries.data && deliveries.data.edges.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Webhook delivery list" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last reply</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.edges.map(({ node }) => {
                const last = node.delivery.attempts.at(-1);
                const eventLabel = `${humanize(node.eventType)} of ${formatDateTime(node.createdAt, true)}`;
                return (
                  <tr key={node.delivery.id}>
                    <th scope="row">
                      {humanize(node.eventType)}
                      <br />
                      {node.sessionId ? (
                        <>
                          <Link className="hint" href={adminPaths.session(node.sessionId)}>
                            Session {node.sessionId.slice(0, 8)}
                          </Link>
                          <br />
                          <Link
                            className="hint"
                            href={adminPaths.requests(integrationId, `?session=${encodeURIComponent(node.sessionId)}`)}
                          >
                            Its requests<span className="visually-hidden"> (merchant API requests about session {node.sessionId})</span>
                          </Link>
                        </>
                      ) : (
                        <span className="hint">Test event</span>
                      )}
                    </th>
                    <td>{formatDateTime(node.createdAt, true)}</td>
                    <td>
                      <DeliveryStatusBadge status={node.delivery.status} />
                    </td>
                    <td>{node.delivery.attemptCount}</td>
                    <td className="cell-excerpt">
                      {last ? (
                        <>
                          {last.statusCode != null ? `HTTP ${last.statusCode}` : (last.error ?? 'No reply')} · {last.durationMs} ms
                          {last.responseExcerpt && (
                            <>
                              {' '}
                              · <code>{last.responseExcerpt.slice(0, 120)}</code>
                            </>
                          )}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <RedeliverButton eventId={node.eventId} eventLabel={eventLabel} onRedelivered={refresh} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Delivery pages" pages={pages} pageInfo={deliveries.data?.pageInfo} busy={deliveries.isFetching} />
    </section>
  );
}
