import { errorCodeOf } from '../../graphql/client';
import { adminPaths } from '../admin-routes';
import { Link } from '../navigation';
import { AdminPage } from './AdminPage';
import { describeError } from './form-errors';

export function Loading({ what }: { what: string }) {
  return (
    <p className="hint" role="status">
      Loading {what}…
    </p>
  );
}

/** A failed load inside a page or section: what went wrong and Try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="payment-error" role="alert">
      <p>{describeError(error)}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NOT_FOUND' || code === 'SESSION_NOT_FOUND';
}

/** The whole page for an address that names nothing this account can see. */
export function NotFoundPage({ what = 'page' }: { what?: string }) {
  return (
    <AdminPage title={`We can’t find this ${what}`}>
      <p className="lead">It doesn’t exist, or it belongs to another account.</p>
      <p>
        <Link href={adminPaths.dashboard}>Go to the dashboard</Link>
      </p>
    </AdminPage>
  );
}

/** A page whose main query failed: not found gets its own page, anything else a retry. */
export function PageLoadFailed({ error, onRetry, title, what }: { error: unknown; onRetry: () => void; title: string; what: string }) {
  if (isNotFound(error)) return <NotFoundPage what={what} />;
  return (
    <AdminPage title={title}>
      <LoadFailed error={error} onRetry={onRetry} />
    </AdminPage>
  );
}
