/**
 * The names of the cookies PaySplit sets, in one place below every module: the request context
 * reads them for every transport, and the modules that issue them (sign-in, a session's access)
 * set them by these names.
 */

/** The administration area's sign-in (accounts). */
export const ADMIN_COOKIE = 'ps_admin';

/** The cookie that carries a session's token after the pay app exchanged it (decisions §5). */
export function accessCookieName(sessionId: string): string {
  // A UUID is the same in any case; so is its cookie.
  return `ps_${sessionId.replace(/-/g, '').toLowerCase()}`;
}
