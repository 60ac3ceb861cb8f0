import type { ReactNode } from 'react';
import type { PaySessionView } from '../session/session-query';
import { OpenGroupHostView } from './OpenGroupHostView';
import { OpenGroupPayerView } from './OpenGroupPayerView';
import { isOpenGroupSession } from './open-group-session';

export { JoinPage } from './JoinPage';

/**
 * An open group's pay page, in every state (its endings are its own: a final price, what was
 * charged or released): the organiser's or a payer's. Its own chunk, loaded only for open groups.
 */
export function OpenGroupView({ session, now, banner }: { session: PaySessionView; now: number; banner?: ReactNode }) {
  if (!isOpenGroupSession(session)) return null;
  return session.viewerRole === 'HOST' ? (
    <OpenGroupHostView session={session} now={now} banner={banner} />
  ) : (
    <OpenGroupPayerView session={session} now={now} banner={banner} />
  );
}
