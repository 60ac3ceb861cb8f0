import { errorCodeOf } from '../graphql/client';

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
