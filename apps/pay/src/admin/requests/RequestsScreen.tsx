import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { adminPaths } from '../admin-routes';
import { useIntegration } from '../integrations/IntegrationScreen';
import { Link, navigate, useAdminLocation } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { FilteredListStates, FilterFormActions } from '../ui/filtered-list';
import { SelectField, TextField } from '../ui/fields';
import { formatDateTime } from '../ui/format';
import { PageLoadFailed } from '../ui/load-states';
import { Pager, useCursorPages } from '../ui/pager';
import { MerchantRequestsDocument } from './request-documents';
import {
  EMPTY_REQUEST_FILTER,
  type RequestFilterForm,
  requestFilterFormFromSearch,
  requestFilterFrom,
  searchFromRequestFilter,
  STATUS_CHOICES,
} from './request-filter';
import { RequestStatus } from './RequestStatus';

const PAGE_SIZE = 25;

/** /admin/integrations/:id/requests: the integration's merchant API requests, newest first; the filter lives in the address. */
export function RequestsScreen({ integrationId }: { integrationId: string }) {
  const integration = useIntegration(integrationId);
  const location = useAdminLocation();
  const search = location.search.toString();
  const applied = useMemo(() => requestFilterFormFromSearch(new URLSearchParams(search)), [search]);
  if (integration.isError) {
    return <PageLoadFailed error={integration.error} onRetry={() => void integration.refetch()} title="Requests" what="integration" />;
  }
  return (
    <AdminPage
      title={integration.data ? `Requests · ${integration.data.name}` : 'Requests'}
      eyebrow={<Link href={adminPaths.integration(integrationId)}>{integration.data?.name ?? 'Integration'}</Link>}
    >
      <p className="hint">
        Every call your servers made to the merchant API with a key of this integration, kept <span className="nowrap">for 30 days</span> by
        default. Keys, secrets, email and street addresses, IP addresses and the query strings of URLs are taken out of the bodies before
        they are kept.
      </p>
      {/* A new address (Apply, Back, a link from a session) starts the form and the pages afresh. */}
      <RequestLog key={search} integrationId={integrationId} applied={applied} />
    </AdminPage>
  );
}

function RequestLog({ integrationId, applied }: { integrationId: string; applied: RequestFilterForm }) {
  const [form, setForm] = useState<RequestFilterForm>(applied);
  const [errors, setErrors] = useState<ReturnType<typeof requestFilterFrom>['errors']>({});
  const pages = useCursorPages();
  const appliedFilter = useMemo(() => requestFilterFrom(integrationId, applied).filter, [integrationId, applied]);
  const requests = useQuery({
    queryKey: ['admin', 'requests', appliedFilter, pages.after],
    queryFn: async () =>
      (await adminExecute(MerchantRequestsDocument, { filter: appliedFilter!, first: PAGE_SIZE, after: pages.after })).merchantRequests,
    enabled: appliedFilter !== null,
    placeholderData: keepPreviousData,
  });
  const edit = (patch: Partial<RequestFilterForm>) => setForm((current) => ({ ...current, ...patch }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = requestFilterFrom(integrationId, form);
    setErrors(checked.errors);
    if (checked.filter !== null) navigate(adminPaths.requests(integrationId, searchFromRequestFilter(form)));
  };
  const clear = () => {
    setForm(EMPTY_REQUEST_FILTER);
    setErrors({});
    navigate(adminPaths.requests(integrationId));
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <>
      <form className="filters" onSubmit={apply} noValidate aria-label="Filter requests">
        <div className="filter-grid">
          <SelectField label="Status" value={form.status} onChange={(e) => edit({ status: e.target.value })}>
            <option value="">Any status</option>
            {STATUS_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Path starts with"
            placeholder="/api/v1/payments/sessions"
            value={form.path}
            onChange={(e) => edit({ path: e.target.value })}
            error={errors.path}
          />
          <TextField
            label="From"
            type="datetime-local"
            value={form.from}
            onChange={(e) => edit({ from: e.target.value })}
            error={errors.from}
          />
          <TextField label="To" type="datetime-local" value={form.to} onChange={(e) => edit({ to: e.target.value })} error={errors.to} />
          <TextField
            label="Request id"
            hint="The X-Request-Id of the answer, or requestId of an error."
            value={form.requestId}
            onChange={(e) => edit({ requestId: e.target.value })}
            error={errors.requestId}
          />
          <TextField
            label="Session id"
            value={form.sessionId}
            onChange={(e) => edit({ sessionId: e.target.value })}
            error={errors.sessionId}
          />
        </div>
        <FilterFormActions hasErrors={hasErrors} onClear={clear} />
      </form>

      <section aria-labelledby="requests-heading" className="admin-section">
        <h2 id="requests-heading">Requests</h2>
        <FilteredListStates list={requests} filterValid={appliedFilter !== null} what="requests" />
        {requests.data && requests.data.edges.length > 0 && (
          <div className="table-wrap" role="region" aria-label="Request list" tabIndex={0}>
            <table className="data-table stacks-on-phones">
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Request id</th>
                  <th scope="col">Session</th>
                </tr>
              </thead>
              <tbody>
                {requests.data.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row" data-label="Request">
                      <Link href={adminPaths.request(integrationId, node.id)} className="request-line">
                        <span className="request-method">{node.method}</span> <code>{node.path}</code>
                      </Link>
                    </th>
                    <td data-label="Time">{formatDateTime(node.at, true)}</td>
                    <td data-label="Status">
                      <RequestStatus status={node.status} errorCode={node.errorCode} />
                    </td>
                    <td data-label="Duration">{formatMilliseconds(node.durationMs)}</td>
                    <td data-label="Request id">
                      <code>{node.requestId}</code>
                    </td>
                    <td data-label="Session">
                      {node.sessionId ? (
                        <Link href={adminPaths.session(node.sessionId)}>
                          <code>{node.sessionId.slice(0, 8)}</code>
                          <span className="visually-hidden"> (session {node.sessionId})</span>
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Request pages" pages={pages} pageInfo={requests.data?.pageInfo} busy={requests.isFetching} />
      </section>
    </>
  );
}

/** "0.8 ms", "12 ms", "1,204 ms". */
export function formatMilliseconds(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString()} ms`;
}
