import type { Route } from './routes';
import { ErrorScreen } from './screens/EndScreens';
import { PayPage } from './screens/PayPage';
import type { AccessLink } from './session/access-link';
import type { PaySessionView } from './session/session-query';

export interface PayBoot {
  access: AccessLink;
  loadSession: () => Promise<PaySessionView>;
}

/**
 * Chooses the page by path. The pay page is in the first bundle; later areas (the admin under
 * /admin) join as `lazy(() => import('./admin/AdminApp'))` branches inside a Suspense here, so
 * payers never download them.
 */
export function App({ route, pay }: { route: Route; pay: PayBoot | null }) {
  if (route.kind === 'pay' && pay !== null) {
    return <PayPage sessionId={route.sessionId} loadSession={pay.loadSession} initialNotice={pay.access.notice} />;
  }
  return <ErrorScreen kind="not-found" onRetry={() => window.location.reload()} />;
}
