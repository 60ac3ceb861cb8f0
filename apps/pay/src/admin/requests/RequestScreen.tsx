import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminPaths } from '../admin-routes';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { formatDateTime } from '../ui/format';
import { Loading, NotFoundPage, PageLoadFailed } from '../ui/load-states';
import { MerchantRequestDocument } from './request-documents';
import { formatMilliseconds } from './RequestsScreen';
import { RequestStatus } from './RequestStatus';

/**
 * /admin/integrations/:id/requests/:requestLogId: one request with what was asked and answered,
 * and the way to its session's other requests and to the calls PaySplit made to the merchant.
 */
export function RequestScreen({ integrationId, requestLogId }: { integrationId: string; requestLogId: string }) {
  const request = useQuery({
    queryKey: ['admin', 'request', requestLogId],
    queryFn: async () => (await adminExecute(MerchantRequestDocument, { id: requestLogId })).merchantRequest,
  });
  const eyebrow = <Link href={adminPaths.requests(integrationId)}>Requests</Link>;
  if (request.isError) {
    return <PageLoadFailed error={request.error} onRetry={() => void request.refetch()} title="Request" what="request" />;
  }
  if (!request.data) {
    return (
      <AdminPage title="Request" eyebrow={eyebrow}>
        <Loading what="the request" />
      </AdminPage>
    );
  }
  const data = request.data;
  // The address names the integration: a request of another one is not found here.
  if (data.integrationId !== integrationId) return <NotFoundPage what="request" />;
  const rows: [string, ReactNode][] = [
    ['Time', formatDateTime(data.at, true)],
    ['Status', <RequestStatus key="status" status={data.status} errorCode={data.errorCode} />],
    ['Duration', formatMilliseconds(data.durationMs)],
    ['Request id', <code key="request-id">{data.requestId}</code>],
    ['Idempotency key', data.idempotencyKey ? <code key="idempotency">{data.idempotencyKey}</code> : '—'],
    ['API key', data.apiKeyId ? <code key="key">{data.apiKeyId.slice(0, 8)}</code> : '—'],
    ['Mode', data.mode === 'LIVE' ? 'Live' : data.mode === 'TEST' ? 'Test' : '—'],
    [
      'Session',
      data.sessionId ? (
        <Link key="session" href={adminPaths.session(data.sessionId)}>
          <code>{data.sessionId}</code>
        </Link>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <AdminPage title={`${data.method} ${data.path}`} eyebrow={eyebrow}>
      <section className="admin-section" aria-labelledby="request-summary">
        <h2 id="request-summary">Summary</h2>
        <dl className="details">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {data.sessionId && (
          <ul className="plain-list link-list">
            <li>
              <Link href={adminPaths.requests(integrationId, `?session=${encodeURIComponent(data.sessionId)}`)}>
                Every request about this session
              </Link>
            </li>
            <li>
              <Link href={`${adminPaths.session(data.sessionId)}#events`}>Webhooks sent about this session</Link>
            </li>
            <li>
              <Link href={`${adminPaths.session(data.sessionId)}#refunds`}>Refund calls to your server</Link>
            </li>
            <li>
              <Link href={`${adminPaths.session(data.sessionId)}#cancellations`}>Cancel and capture calls to your server</Link>
            </li>
          </ul>
        )}
      </section>
      <BodySection id="request-body" title="Request body" text={data.requestBody} />
      <BodySection id="response-body" title="Response body" text={data.responseBody} />
    </AdminPage>
  );
}

/** A kept body, laid out when it is JSON that reads back exactly (a cut one, or numbers beyond a double, are shown as kept). */
function BodySection({ id, title, text }: { id: string; title: string; text: string | null | undefined }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {text ? (
        // Focusable, so a keyboard can scroll a long body; named apart from its section.
        <pre className="request-body" role="region" aria-label={`${title} as kept`} tabIndex={0}>
          {pretty(text)}
        </pre>
      ) : (
        <p>None.</p>
      )}
    </section>
  );
}

function pretty(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    return JSON.stringify(parsed) === text ? JSON.stringify(parsed, null, 2) : text;
  } catch {
    return text;
  }
}
