import { lazy, Suspense } from 'react';
import type { Route } from './routes';
import { ErrorScreen } from './screens/EndScreens';
import { PayPage } from './screens/PayPage';
import type { AccessLink } from './session/access-link';
import type { PaySessionView } from './session/session-query';
import { Page } from './ui/Page';

export interface PayBoot {
  access: AccessLink;
  loadSession: () => Promise<PaySessionView>;
}

/** The administration area's words are English (docs/i18n.md), as are its loading words. */
const ADMIN_LOADING = { title: 'Loading…', hint: 'One moment…' };

/** The merchant and operator area: its own chunk, so payers never download it. */
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** Chooses the page by path. The pay page is in the first bundle; the admin under /admin is a lazy branch. */
export function App({ route, pay }: { route: Route; pay: PayBoot | null }) {
  if (route.kind === 'pay' && pay !== null) {
    return <PayPage sessionId={route.sessionId} loadSession={pay.loadSession} initialNotice={pay.access.notice} />;
  }
  if (route.kind === 'admin') {
    return (
      <Suspense
        fallback={
          <Page title={ADMIN_LOADING.title}>
            <p className="hint" role="status">
              {ADMIN_LOADING.hint}
            </p>
          </Page>
        }
      >
        <AdminApp />
      </Suspense>
    );
  }
  return <ErrorScreen kind="not-found" onRetry={() => window.location.reload()} />;
}
