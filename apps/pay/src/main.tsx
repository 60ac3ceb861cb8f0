import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type PayBoot } from './App';
import { matchRoute } from './routes';
import { loadHostView } from './screens/PayPage';
import { takeAccessLink } from './session/access-link';
import { createPayQueryClient, createSessionLoader } from './session/session-query';
import './styles.css';

const route = matchRoute(window.location.pathname);

// Before anything renders: the token leaves the address bar here and lives on only in memory
// until openSession has exchanged it for the session cookie.
let pay: PayBoot | null = null;
if (route.kind === 'pay') {
  const access = takeAccessLink(window.location, window.history);
  pay = { access, loadSession: createSessionLoader(route.sessionId, access.token) };
  // A host link: fetch the host screens alongside openSession instead of after it.
  if (access.asHost) void loadHostView();
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createPayQueryClient()}>
        <App route={route} pay={pay} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
