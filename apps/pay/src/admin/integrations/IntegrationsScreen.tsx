import { useQuery } from '@tanstack/react-query';
import { adminPaths } from '../admin-routes';
import { useViewer } from '../auth/viewer';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { formatDateTime } from '../ui/format';
import { LoadFailed, Loading } from '../ui/load-states';
import { IntegrationListDocument } from './integration-documents';

export const integrationsQueryKey = ['admin', 'integrations'] as const;

export function useIntegrations() {
  return useQuery({ queryKey: integrationsQueryKey, queryFn: async () => (await adminExecute(IntegrationListDocument)).integrations });
}

/** Every integration the viewer may manage (an operator sees all, with their owners). */
export function IntegrationsScreen() {
  const viewer = useViewer();
  const integrations = useIntegrations();
  const operator = viewer.role === 'OPERATOR';

  return (
    <AdminPage
      title="Integrations"
      actions={
        <Link className="button-primary" href={adminPaths.newIntegration}>
          New integration
        </Link>
      }
    >
      {integrations.isPending && <Loading what="integrations" />}
      {integrations.isError && <LoadFailed error={integrations.error} onRetry={() => void integrations.refetch()} />}
      {integrations.data?.length === 0 && (
        <div className="empty">
          <p>No integrations yet. An integration is one shop or app: it gets its own API keys, webhook and signing secrets.</p>
          <Link className="button-secondary" href={adminPaths.newIntegration}>
            Create your first integration
          </Link>
        </div>
      )}
      {integrations.data && integrations.data.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Integration list" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {operator && <th scope="col">Owner</th>}
                <th scope="col">Status</th>
                <th scope="col">Payouts</th>
                <th scope="col">Webhook URL</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {integrations.data.map((integration) => (
                <tr key={integration.id}>
                  <th scope="row">
                    <Link href={adminPaths.integration(integration.id)}>{integration.name}</Link>
                  </th>
                  {operator && <td>{integration.ownerEmail ?? '—'}</td>}
                  <td>
                    <span className={`badge ${integration.enabled ? 'badge-paid' : 'badge-pending'}`}>
                      {integration.enabled ? 'Enabled' : 'Disabled'}
                    </span>
                  </td>
                  <td>{integration.payoutOnboarding.status === 'COMPLETE' ? 'Complete' : 'Pending'}</td>
                  <td className="cell-url">{integration.webhookUrl ?? '—'}</td>
                  <td>{formatDateTime(integration.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
