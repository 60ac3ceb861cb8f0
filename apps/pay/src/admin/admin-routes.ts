/** The admin's screens, by address. Everything lives under /admin (the server sends index.html for all of it). */
export type AdminRoute =
  | { name: 'dashboard' }
  | { name: 'register' }
  | { name: 'change-password' }
  | { name: 'integrations' }
  | { name: 'integration-new' }
  | { name: 'integration'; integrationId: string }
  | { name: 'requests'; integrationId: string }
  | { name: 'request'; integrationId: string; requestLogId: string }
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
  /** An integration's request log; `search` is a filter's query string (request-filter.ts). */
  requests: (integrationId: string, search = '') => `/admin/integrations/${encodeURIComponent(integrationId)}/requests${search}`,
  request: (integrationId: string, requestLogId: string) =>
    `/admin/integrations/${encodeURIComponent(integrationId)}/requests/${encodeURIComponent(requestLogId)}`,
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
const REQUESTS = /^\/admin\/integrations\/([^/]+)\/requests(?:\/([^/]+))?$/;

function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

export function matchAdminRoute(pathname: string): AdminRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = STATIC[path];
  if (fixed) return fixed;
  const requests = REQUESTS.exec(path);
  if (requests?.[1]) {
    const integrationId = decoded(requests[1]);
    const requestLogId = requests[2] === undefined ? undefined : decoded(requests[2]);
    if (integrationId === undefined || (requests[2] !== undefined && requestLogId === undefined)) return { name: 'not-found' };
    return requestLogId === undefined ? { name: 'requests', integrationId } : { name: 'request', integrationId, requestLogId };
  }
  const match = WITH_ID.exec(path);
  const id = match?.[2] === undefined ? undefined : decoded(match[2]);
  if (!match || id === undefined) return { name: 'not-found' };
  return match[1] === 'integrations' ? { name: 'integration', integrationId: id } : { name: 'session', sessionId: id };
}
