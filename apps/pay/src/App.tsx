import { lazy, Suspense } from 'react';
import type { Invitation } from './open-group/invitation-query';
import type { Route } from './routes';
import { ErrorScreen, LoadingScreen } from './screens/EndScreens';
import { loadOpenGroupViews, PayPage } from './screens/PayPage';
import type { AccessLink } from './session/access-link';
import type { PaySessionView } from './session/session-query';
import { Page } from './ui/Page';

export interface PayBoot {
  access: AccessLink;
  loadSession: () => Promise<PaySessionView>;
}

/** The administration area's words are English (docs/i18n.md), as are its loading words. */
const ADMIN_LOADING = { title: 'Loading…', hint: 'One moment…' };

/** An open group's join page: fetched beside the group's figures, in the open groups' own chunk. */
export interface JoinBoot {
  loadInvitation: () => Promise<Invitation>;
}

const JoinPage = lazy(() => loadOpenGroupViews().then((m) => ({ default: m.JoinPage })));

/** The merchant and operator area: its own chunk, so payers never download it. */
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** Chooses the page by path. The pay page is in the first bundle; the join page and the admin under /admin are lazy branches. */
export function App({ route, pay, join = null }: { route: Route; pay: PayBoot | null; join?: JoinBoot | null }) {
  if (route.kind === 'pay' && pay !== null) {
    return <PayPage sessionId={route.sessionId} loadSession={pay.loadSession} initialNotice={pay.access.notice} />;
  }
  if (route.kind === 'join' && join !== null) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <JoinPage sessionId={route.sessionId} code={route.code} loadInvitation={join.loadInvitation} />
      </Suspense>
    );
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
