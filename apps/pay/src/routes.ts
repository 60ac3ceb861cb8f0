/**
 * Which page a pathname shows. The server sends index.html for /pay/:id, /session/:id,
 * /pay/:id/join (an open group's link) and /admin with everything under it (the admin area routes
 * itself, in its own chunk).
 */
export type Route =
  | { kind: 'pay'; sessionId: string }
  | { kind: 'join'; sessionId: string; code: string }
  | { kind: 'admin'; path: string }
  | { kind: 'unknown' };

const PAY_PATH = /^\/(?:pay|session)\/([^/]+)\/?$/;
const JOIN_PATH = /^\/pay\/([^/]+)\/join\/?$/;
const ADMIN_PATH = /^\/admin(?:\/|$)/;

function decodedId(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed %-escape cannot name a session.
    return null;
  }
}

/**
 * The route of a pathname and its query. A join link without its code names no group anyone may
 * join: it shows the not-found page, as a wrong code does once the server is asked.
 */
export function matchRoute(pathname: string, search = ''): Route {
  if (ADMIN_PATH.test(pathname)) return { kind: 'admin', path: pathname };
  const join = JOIN_PATH.exec(pathname);
  if (join) {
    const sessionId = decodedId(join[1]);
    const code = new URLSearchParams(search).get('code');
    return sessionId !== null && code ? { kind: 'join', sessionId, code } : { kind: 'unknown' };
  }
  const sessionId = decodedId(PAY_PATH.exec(pathname)?.[1]);
  return sessionId === null ? { kind: 'unknown' } : { kind: 'pay', sessionId };
}
