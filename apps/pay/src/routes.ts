/** Which page a pathname shows. The server sends index.html for /pay/:id and /session/:id. */
export type Route = { kind: 'pay'; sessionId: string } | { kind: 'unknown' };

const PAY_PATH = /^\/(?:pay|session)\/([^/]+)\/?$/;

export function matchRoute(pathname: string): Route {
  const match = PAY_PATH.exec(pathname);
  if (!match?.[1]) return { kind: 'unknown' };
  try {
    return { kind: 'pay', sessionId: decodeURIComponent(match[1]) };
  } catch {
    // A malformed %-escape cannot name a session.
    return { kind: 'unknown' };
  }
}
