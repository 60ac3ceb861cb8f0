import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type JoinBoot, type PayBoot } from './App';
import { LocaleProvider } from './i18n/LocaleProvider';
import { browserEnvironment, createLocaleStore } from './i18n/locale-store';
import { matchRoute } from './routes';
import { createInvitationLoader } from './open-group/invitation-query';
import { loadHostView, loadOpenGroupViews } from './screens/PayPage';
import { takeAccessLink } from './session/access-link';
import { createPayQueryClient, createSessionLoader } from './session/session-query';
import './styles.css';

const route = matchRoute(window.location.pathname, window.location.search);

// The administration area stays in English (its dates and money in the operator's own format);
// every other page is in the reader's language, whose catalog starts loading now, beside the session.
const locales = route.kind === 'admin' ? null : createLocaleStore(browserEnvironment());

// Before anything renders: the token leaves the address bar here and lives on only in memory
// until openSession has exchanged it for the session cookie.
let pay: PayBoot | null = null;
if (route.kind === 'pay' && locales) {
  const access = takeAccessLink(window.location, window.history);
  const loadSession = createSessionLoader(route.sessionId, access.token);
  pay = {
    access,
    // The session says the merchant's language, if any: its screens appear once that is in.
    loadSession: async () => {
      const session = await loadSession();
      await locales.applySessionLocale(session.locale ?? null);
      return session;
    },
  };
  // A host link: fetch the host screens alongside openSession instead of after it.
  if (access.asHost) void loadHostView();
}

// An open group's join link: its figures and its page's chunk load together; the merchant's
// language, if set, is in before the page shows.
let join: JoinBoot | null = null;
if (route.kind === 'join' && locales) {
  const loadInvitation = createInvitationLoader(route.sessionId, route.code);
  join = {
    loadInvitation: async () => {
      const invitation = await loadInvitation();
      await locales.applySessionLocale(invitation.locale ?? null);
      return invitation;
    },
  };
  void loadOpenGroupViews();
}

const container = document.getElementById('root');
if (container) {
  const app = <App route={route} pay={pay} join={join} />;
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createPayQueryClient()}>
        {locales ? <LocaleProvider store={locales}>{app}</LocaleProvider> : app}
      </QueryClientProvider>
    </StrictMode>,
  );
}
