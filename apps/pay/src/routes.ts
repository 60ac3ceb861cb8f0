/**
 * Which page a pathname shows. The server sends index.html for /pay/:id, /session/:id, and /admin
 * with everything under it (the admin area routes itself, in its own chunk).
 */
export type Route = { kind: 'pay'; sessionId: string } | { kind: 'admin'; path: string } | { kind: 'unknown' };

const PAY_PATH = /^\/(?:pay|session)\/([^/]+)\/?$/;
const ADMIN_PATH = /^\/admin(?:\/|$)/;

export function matchRoute(pathname: string): Route {
  if (ADMIN_PATH.test(pathname)) return { kind: 'admin', path: pathname };
  const match = PAY_PATH.exec(pathname);
  if (!match?.[1]) return { kind: 'unknown' };
  try {
    return { kind: 'pay', sessionId: decodeURIComponent(match[1]) };
  } catch {
    // A malformed %-escape cannot name a session.
    return { kind: 'unknown' };
  }
}
