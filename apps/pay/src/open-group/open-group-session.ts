import type { PaySessionView } from '../session/session-query';

/** A pay view of an open group: its figures are always there. */
export type OpenGroupSession = PaySessionView & { openGroup: NonNullable<PaySessionView['openGroup']> };

export function isOpenGroupSession(session: PaySessionView): session is OpenGroupSession {
  return session.openGroup != null;
}
