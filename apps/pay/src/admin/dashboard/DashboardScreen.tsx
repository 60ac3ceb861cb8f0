import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { adminPaths } from '../admin-routes';
import { useIntegrations } from '../integrations/IntegrationsScreen';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { SESSION_STATUSES } from '../sessions/session-filter';
import { AdminPage } from '../ui/AdminPage';
import { SelectField } from '../ui/fields';
import { formatOperatorMoney, formatRate, formatSeconds, humanize } from '../ui/format';
import { LoadFailed, Loading } from '../ui/load-states';
import { StatsDocument } from './stats-document';

const RANGES = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/** /admin: how sessions went over a period (7 days unless chosen otherwise), for all integrations or one. */
export function DashboardScreen() {
  const [days, setDays] = useState<number>(7);
  const [integrationId, setIntegrationId] = useState('');
  const integrations = useIntegrations();
  // The range is fixed when chosen (not on every render), so the query key stays put.
  const range = useMemo(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - days * 86_400_000).toISOString(), to: to.toISOString() };
  }, [days]);

  const stats = useQuery({
    queryKey: ['admin', 'stats', range, integrationId],
    queryFn: async () => (await adminExecute(StatsDocument, { range, integrationId: integrationId || null })).stats,
    placeholderData: keepPreviousData,
  });
  const data = stats.data;
  const countOf = (status: string) => data?.countsByStatus.find((c) => c.status === status)?.count ?? 0;

  return (
    <AdminPage title="Dashboard">
      <div className="filter-grid">
        <SelectField label="Period" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
          {RANGES.map((r) => (
            <option key={r.days} value={r.days}>
              {r.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Integration" value={integrationId} onChange={(e) => setIntegrationId(e.target.value)}>
          <option value="">All integrations</option>
          {(integrations.data ?? []).map((integration) => (
            <option key={integration.id} value={integration.id}>
              {integration.name}
            </option>
          ))}
        </SelectField>
      </div>

      {stats.isPending && <Loading what="statistics" />}
      {stats.isError && <LoadFailed error={stats.error} onRetry={() => void stats.refetch()} />}
      {data && (
        <div className={stats.isPlaceholderData ? 'is-stale' : undefined} aria-busy={stats.isFetching}>
          <ul className="stat-cards">
            <li className="stat-card">
              <h2>Sessions</h2>
              <p className="stat-value">{data.sessionCount}</p>
            </li>
            <li className="stat-card">
              <h2>Collected</h2>
              {data.collected.length === 0 ? (
                <p className="stat-value">—</p>
              ) : (
                <ul className="plain-list">
                  {data.collected.map((amount) => (
                    <li key={amount.currency} className="stat-value">
                      {formatOperatorMoney(amount.amountMinor, amount.currency)}
                    </li>
                  ))}
                </ul>
              )}
              <p className="hint">Authorized money of completed sessions.</p>
            </li>
            <li className="stat-card">
              <h2>Refunded</h2>
              {data.refunded.length === 0 ? (
                <p className="stat-value">—</p>
              ) : (
                <ul className="plain-list">
                  {data.refunded.map((amount) => (
                    <li key={amount.currency} className="stat-value">
                      {formatOperatorMoney(amount.amountMinor, amount.currency)}
                    </li>
                  ))}
                </ul>
              )}
              <p className="hint">Refunds that succeeded, of sessions created in the period.</p>
            </li>
            <li className="stat-card">
              <h2>Median time to complete</h2>
              <p className="stat-value">{data.medianSecondsToComplete == null ? '—' : formatSeconds(data.medianSecondsToComplete)}</p>
            </li>
            <li className="stat-card">
              <h2>Webhook delivery success</h2>
              <p className="stat-value">{data.deliverySuccessRate == null ? '—' : formatRate(data.deliverySuccessRate)}</p>
            </li>
          </ul>
          <h2>Sessions by status</h2>
          <div className="table-wrap" role="region" aria-label="Sessions by status" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Sessions</th>
                </tr>
              </thead>
              <tbody>
                {SESSION_STATUSES.map((status) => (
                  <tr key={status}>
                    <th scope="row">
                      <Link href={`${adminPaths.sessions}?status=${status}`}>{humanize(status)}</Link>
                    </th>
                    <td>{countOf(status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {integrations.data?.length === 0 && (
        <p className="notice notice-info">
          Start by <Link href={adminPaths.newIntegration}>creating an integration</Link>: it gives your shop its API keys.
        </p>
      )}
    </AdminPage>
  );
}
