import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminExecute } from '../transport';
import { formatDateTime, humanize } from '../ui/format';
import { LoadFailed, Loading } from '../ui/load-states';
import { Pager, useCursorPages } from '../ui/pager';
import { AuditLogDocument } from './integration-documents';

/** Who changed what on this integration, newest first. */
export function AuditLogSection({ integrationId }: { integrationId: string }) {
  const pages = useCursorPages();
  const audit = useQuery({
    queryKey: ['admin', 'audit', integrationId, pages.after],
    queryFn: async () => (await adminExecute(AuditLogDocument, { integrationId, first: 20, after: pages.after })).auditLog,
    placeholderData: keepPreviousData,
  });
  return (
    <section className="admin-section" aria-labelledby="audit-log">
      <h2 id="audit-log">Audit log</h2>
      {audit.isPending && <Loading what="the audit log" />}
      {audit.isError && <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />}
      {audit.data?.edges.length === 0 && <p>Nothing recorded yet.</p>}
      {audit.data && audit.data.edges.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Audit log entries" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.edges.map(({ node }) => (
                <tr key={node.id}>
                  <td>{formatDateTime(node.at, true)}</td>
                  <td>{node.actor}</td>
                  <td>
                    <strong>{humanize(node.action)}</strong>
                    {node.summary && <> — {node.summary}</>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Audit log pages" pages={pages} pageInfo={audit.data?.pageInfo} busy={audit.isFetching} />
    </section>
  );
}
