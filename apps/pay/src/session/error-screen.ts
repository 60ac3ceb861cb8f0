import { errorCodeOf } from '../graphql/client';

/**
 * Where the organiser of a session gets back in on a device that has no access to it: a page of
 * the server's that emails a single-use sign-in link to the address they gave.
 */
export function hostSignInPath(sessionId: string): string {
  return `/pay/${encodeURIComponent(sessionId)}/sign-in`;
}

/** The full-page screens a failed session load can end on. */
export type ErrorScreenKind = 'not-found' | 'link-invalid' | 'unavailable';

export function errorScreenFor(error: unknown): ErrorScreenKind {
  // VALIDATION_ERROR: the only input of a session load is the id in the address, so a malformed
  // one means there is no such session.
  switch (errorCodeOf(error)) {
    case 'SESSION_NOT_FOUND':
    case 'NOT_FOUND':
    case 'VALIDATION_ERROR':
      return 'not-found';
    case 'UNAUTHENTICATED':
    case 'FORBIDDEN':
      return 'link-invalid';
    default:
      return 'unavailable';
  }
}
