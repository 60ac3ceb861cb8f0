import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { adminPaths } from '../admin-routes';
import { ReplayFailedForm } from '../deliveries/ReplayFailedForm';
import type { SessionStatus } from '../gql/graphql';
import { useIntegrations } from '../integrations/IntegrationsScreen';
import { Link, navigate, useAdminLocation } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { FilteredListStates, FilterFormActions } from '../ui/filtered-list';
import { CheckboxField, SelectField, TextField } from '../ui/fields';
import { formatDateTime, formatOperatorMoney, humanize } from '../ui/format';
import { Pager, useCursorPages } from '../ui/pager';
import { SessionsDocument } from './session-documents';
import {
  EMPTY_FILTER_FORM,
  filterFormFromSearch,
  SESSION_STATUSES,
  type SessionFilterForm,
  searchFromFilterForm,
  sessionFilterFrom,
} from './session-filter';

const PAGE_SIZE = 25;

/** /admin/sessions: the filter lives in the address (shareable, Back works); results page by cursor. */
export function SessionsScreen() {
  const location = useAdminLocation();
  const search = location.search.toString();
  const applied = useMemo(() => filterFormFromSearch(new URLSearchParams(search)), [search]);
  const integrations = useIntegrations();

  return (
    <AdminPage title="Sessions">
      {/* A new address (Apply, Back) starts the form and the pages afresh. */}
      <SessionExplorer key={search} applied={applied} integrations={integrations.data ?? []} />
      <section className="admin-section">
        <ReplayFailedForm integrations={integrations.data ?? []} />
      </section>
    </AdminPage>
  );
}

interface ExplorerProps {
  applied: SessionFilterForm;
  integrations: readonly { id: string; name: string }[];
}

function SessionExplorer({ applied, integrations }: ExplorerProps) {
  const [form, setForm] = useState<SessionFilterForm>(applied);
  const [errors, setErrors] = useState<ReturnType<typeof sessionFilterFrom>['errors']>({});
  const pages = useCursorPages();
  const appliedFilter = useMemo(() => sessionFilterFrom(applied).filter, [applied]);
  const integrationName = (id: string) => integrations.find((i) => i.id === id)?.name ?? id.slice(0, 8);

  const sessions = useQuery({
    queryKey: ['admin', 'sessions', appliedFilter, pages.after],
    queryFn: async () => (await adminExecute(SessionsDocument, { filter: appliedFilter, first: PAGE_SIZE, after: pages.after })).sessions,
    enabled: appliedFilter !== null,
    placeholderData: keepPreviousData,
  });

  const edit = (patch: Partial<SessionFilterForm>) => setForm((f) => ({ ...f, ...patch }));
  const toggleStatus = (status: SessionStatus, on: boolean) =>
    edit({ statuses: on ? [...form.statuses, status] : form.statuses.filter((s) => s !== status) });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = sessionFilterFrom(form);
    setErrors(checked.errors);
    if (checked.filter !== null) navigate(`${adminPaths.sessions}${searchFromFilterForm(form)}`);
  };
  const clear = () => {
    setForm(EMPTY_FILTER_FORM);
    setErrors({});
    navigate(adminPaths.sessions);
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      <form className="filters" onSubmit={apply} noValidate aria-label="Filter sessions">
        <div className="filter-grid">
          <SelectField label="Integration" value={form.integrationId} onChange={(e) => edit({ integrationId: e.target.value })}>
            <option value="">All integrations</option>
            {integrations.map((integration) => (
              <option key={integration.id} value={integration.id}>
                {integration.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Mode" value={form.mode} onChange={(e) => edit({ mode: e.target.value as SessionFilterForm['mode'] })}>
            <option value="">Test and live</option>
            <option value="TEST">Test</option>
            <option value="LIVE">Live</option>
          </SelectField>
          <TextField
            label="Created from"
            type="date"
            value={form.createdFrom}
            onChange={(e) => edit({ createdFrom: e.target.value })}
            error={errors.createdFrom}
          />
          <TextField
            label="Created to"
            type="date"
            value={form.createdTo}
            onChange={(e) => edit({ createdTo: e.target.value })}
            error={errors.createdTo}
          />
          <TextField
            label="Order reference"
            hint="Exact match."
            value={form.orderReference}
            onChange={(e) => edit({ orderReference: e.target.value })}
            error={errors.orderReference}
          />
          <TextField
            label="Amount currency"
            hint="The amounts below are in this currency’s units."
            value={form.currency}
            maxLength={3}
            autoCapitalize="characters"
            onChange={(e) => edit({ currency: e.target.value.toUpperCase() })}
            error={errors.currency}
          />
          <TextField
            label="Amount from"
            inputMode="decimal"
            placeholder="0.00"
            value={form.amountMin}
            onChange={(e) => edit({ amountMin: e.target.value })}
            error={errors.amountMin}
          />
          <TextField
            label="Amount to"
            inputMode="decimal"
            placeholder="1000.00"
            value={form.amountMax}
            onChange={(e) => edit({ amountMax: e.target.value })}
            error={errors.amountMax}
          />
        </div>
        <fieldset className="field">
          <legend>Status</legend>
          <div className="choice-row">
            {SESSION_STATUSES.map((status) => (
              <CheckboxField
                key={status}
                label={humanize(status)}
                checked={form.statuses.includes(status)}
                onChange={(e) => toggleStatus(status, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <FilterFormActions hasErrors={hasErrors} onClear={clear} />
      </form>

      <section aria-labelledby="results-heading" className="admin-section">
        <h2 id="results-heading">Results</h2>
        <FilteredListStates list={sessions} filterValid={appliedFilter !== null} what="sessions" />
        {sessions.data && sessions.data.edges.length > 0 && (
          <div className="table-wrap" role="region" aria-label="Session list" tabIndex={0}>
            <table className="data-table stacks-on-phones">
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Description</th>
                  <th scope="col">Created</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Order reference</th>
                  <th scope="col">Integration</th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row" data-label="Session">
                      <Link href={adminPaths.session(node.id)}>
                        <code>{node.id.slice(0, 8)}</code>
                        <span className="visually-hidden"> (session {node.id})</span>
                      </Link>
                    </th>
                    <td className="cell-description" data-label="Description">
                      {node.description ?? '—'}
                    </td>
                    <td data-label="Created">{formatDateTime(node.createdAt)}</td>
                    <td data-label="Status">{humanize(node.status)}</td>
                    <td className="cell-money" data-label="Amount">
                      {formatOperatorMoney(node.amountMinor, node.currency)}
                    </td>
                    <td className="cell-money" data-label="Paid">
                      {formatOperatorMoney(node.paidMinor, node.currency)}
                    </td>
                    <td className="cell-money" data-label="Refunded">
                      {node.refundedMinor === '0' ? '—' : formatOperatorMoney(node.refundedMinor, node.currency)}
                    </td>
                    <td data-label="Mode">{node.mode === 'LIVE' ? 'Live' : 'Test'}</td>
                    <td data-label="Order reference">{node.orderReference ?? '—'}</td>
                    <td data-label="Integration">{integrationName(node.integrationId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Session pages" pages={pages} pageInfo={sessions.data?.pageInfo} busy={sessions.isFetching} />
      </section>
    </>
  );
}
