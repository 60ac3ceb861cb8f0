import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Page } from '../ui/Page';
import { type AdminRoute, adminPaths, matchAdminRoute } from './admin-routes';
import { ChangePasswordScreen, ForcedChangePasswordScreen } from './auth/ChangePasswordScreen';
import { LoginScreen } from './auth/LoginScreen';
import { RegisterScreen } from './auth/RegisterScreen';
import { createAdminQueryClient, useViewerQuery, ViewerProvider } from './auth/viewer';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { IntegrationScreen } from './integrations/IntegrationScreen';
import { IntegrationsScreen } from './integrations/IntegrationsScreen';
import { NewIntegrationScreen } from './integrations/NewIntegrationScreen';
import { navigate, useAdminLocation } from './navigation';
import { OperatorTokensScreen } from './operators/OperatorTokensScreen';
import { RequestScreen } from './requests/RequestScreen';
import { RequestsScreen } from './requests/RequestsScreen';
import { SessionScreen } from './sessions/SessionScreen';
import { SessionsScreen } from './sessions/SessionsScreen';
import { describeError } from './ui/form-errors';
import { NotFoundPage } from './ui/load-states';
import './admin.css';

/**
 * The merchant and operator area under /admin, loaded only there (a lazy chunk of App.tsx).
 * Its own query cache: an UNAUTHENTICATED answer anywhere turns into the login screen.
 */
export default function AdminApp() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminRoot />
    </QueryClientProvider>
  );
}

function AdminRoot() {
  const { pathname } = useAdminLocation();
  const route = matchAdminRoute(pathname);
  const me = useViewerQuery();
  const viewer = me.data;

  // Signed in at the sign-up address: go home (replace, so Back does not return to the form).
  const signedInAtRegister = viewer != null && route.name === 'register';
  useEffect(() => {
    if (signedInAtRegister) navigate(adminPaths.dashboard, { replace: true });
  }, [signedInAtRegister]);

  if (me.isError && viewer === undefined) {
    return (
      <Page title="We can’t reach PaySplit right now" focusHeading>
        <p className="lead">{describeError(me.error)}</p>
        <button type="button" className="button-primary" onClick={() => void me.refetch()}>
          Try again
        </button>
      </Page>
    );
  }
  if (viewer === undefined) {
    return (
      <Page title="Loading…">
        <p className="hint" role="status">
          One moment…
        </p>
      </Page>
    );
  }
  if (viewer === null) return route.name === 'register' ? <RegisterScreen /> : <LoginScreen />;
  // A one-time password opens nothing but the form that replaces it.
  if (viewer.mustChangePassword) return <ForcedChangePasswordScreen />;
  return (
    <ViewerProvider value={viewer}>
      <AdminScreen route={route} />
    </ViewerProvider>
  );
}

function AdminScreen({ route }: { route: AdminRoute }) {
  switch (route.name) {
    case 'dashboard':
    case 'register':
      return <DashboardScreen />;
    case 'change-password':
      return <ChangePasswordScreen />;
    case 'integrations':
      return <IntegrationsScreen />;
    case 'integration-new':
      return <NewIntegrationScreen />;
    case 'integration':
      return <IntegrationScreen key={route.integrationId} integrationId={route.integrationId} />;
    case 'requests':
      return <RequestsScreen key={route.integrationId} integrationId={route.integrationId} />;
    case 'request':
      return <RequestScreen key={route.requestLogId} integrationId={route.integrationId} requestLogId={route.requestLogId} />;
    case 'sessions':
      return <SessionsScreen />;
    case 'session':
      return <SessionScreen key={route.sessionId} sessionId={route.sessionId} />;
    case 'operator-tokens':
      return <OperatorTokensScreen />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
