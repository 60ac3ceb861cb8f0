/** The admin's screens, by address. Everything lives under /admin (the server sends index.html for all of it). */
export type AdminRoute =
  | { name: 'dashboard' }
  | { name: 'register' }
  | { name: 'change-password' }
  | { name: 'integrations' }
  | { name: 'integration-new' }
  | { name: 'integration'; integrationId: string }
  | { name: 'sessions' }
  | { name: 'session'; sessionId: string }
  | { name: 'operator-tokens' }
  | { name: 'not-found' };

export const adminPaths = {
  dashboard: '/admin',
  register: '/admin/register',
  changePassword: '/admin/account/password',
  integrations: '/admin/integrations',
  newIntegration: '/admin/integrations/new',
  integration: (id: string) => `/admin/integrations/${encodeURIComponent(id)}`,
  sessions: '/admin/sessions',
  session: (id: string) => `/admin/sessions/${encodeURIComponent(id)}`,
  operatorTokens: '/admin/operator-tokens',
} as const;

const STATIC: Readonly<Record<string, AdminRoute>> = {
  '/admin': { name: 'dashboard' },
  '/admin/register': { name: 'register' },
  '/admin/account/password': { name: 'change-password' },
  '/admin/integrations': { name: 'integrations' },
  '/admin/integrations/new': { name: 'integration-new' },
  '/admin/sessions': { name: 'sessions' },
  '/admin/operator-tokens': { name: 'operator-tokens' },
};

const WITH_ID = /^\/admin\/(integrations|sessions)\/([^/]+)$/;

export function matchAdminRoute(pathname: string): AdminRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = STATIC[path];
  if (fixed) return fixed;
  const match = WITH_ID.exec(path);
  if (!match?.[2]) return { name: 'not-found' };
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return { name: 'not-found' };
  }
  return match[1] === 'integrations' ? { name: 'integration', integrationId: id } : { name: 'session', sessionId: id };
}
