import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { execute } from '../graphql/client';
import { RememberLocaleDocument } from '../graphql/operations';
import { useLiveSession } from '../live/use-live-session';
import { clearReturnParams, type ReturnNotice } from '../session/access-link';
import { errorScreenFor } from '../session/error-screen';
import { type PaySessionView, sessionQueryKey, TERMINAL_STATUSES, useSessionQuery } from '../session/session-query';
import { ReturnBanner } from '../ui/ReturnBanner';
import { useNow } from '../use-now';
import { CancelledScreen, CompletedScreen, ErrorScreen, ExpiredScreen, LoadingScreen } from './EndScreens';
import { ParticipantView } from './ParticipantView';

/** The host's screens (split editor, invites) load only for hosts: payers, most visitors, skip them. */
export const loadHostView = () => import('./HostView');
const HostView = lazy(() => loadHostView().then((m) => ({ default: m.HostView })));
/** An open group's pages (its join page too) load only for open groups. */
export const loadOpenGroupViews = () => import('../open-group/OpenGroupViews');
const OpenGroupView = lazy(() => loadOpenGroupViews().then((m) => ({ default: m.OpenGroupView })));

interface Props {
  sessionId: string;
  loadSession: () => Promise<PaySessionView>;
  initialNotice: ReturnNotice | null;
}

/** /pay/:id and /session/:id: loads the session and shows the screen its state and the viewer's role call for. */
export function PayPage({ sessionId, loadSession, initialNotice }: Props) {
  const query = useSessionQuery(sessionId, loadSession);
  const session = query.data;
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState(initialNotice);
  const now = useNow();
  useLiveSession(session);
  useRememberedLocale(session);

  const loaded = session !== undefined;
  useEffect(() => {
    // The notice is on screen now; a reload should not show it again.
    if (loaded && initialNotice !== null) clearReturnParams(window.location, window.history);
  }, [loaded, initialNotice]);

  // Past its expiry the server reports the session expired; ask rather than wait for a push. One whose
  // cards are being charged does not expire (its captures decide), so there is nothing to ask.
  const overdue =
    session !== undefined &&
    !TERMINAL_STATUSES.has(session.status) &&
    session.status !== 'CAPTURING' &&
    Date.parse(session.expiresAt) <= now;
  useEffect(() => {
    if (overdue) void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
  }, [overdue, now, queryClient, sessionId]);

  if (query.isError) {
    const kind = errorScreenFor(query.error);
    // A failed background refresh keeps the page as it was, unless the link itself stopped working.
    if (session === undefined || kind !== 'unavailable') {
      return <ErrorScreen kind={kind} sessionId={sessionId} onRetry={() => void query.refetch()} />;
    }
  }
  if (session === undefined) return <LoadingScreen />;

  const ownShareOpen = session.participants.some((p) => p.isYou && p.status !== 'PAID');
  const banner = <ReturnBanner notice={notice} ownShareOpen={ownShareOpen} onDismiss={() => setNotice(null)} />;
  if (session.openGroup != null) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <OpenGroupView session={session} now={now} banner={banner} />
      </Suspense>
    );
  }
  switch (session.status) {
    case 'COMPLETED':
      // The ending says it all: no "payment received" notice above it.
      return <CompletedScreen session={session} />;
    case 'EXPIRED':
      return <ExpiredScreen session={session} />;
    case 'CANCELLED':
      return <CancelledScreen session={session} />;
    default:
      return session.viewerRole === 'HOST' ? (
        <Suspense fallback={<LoadingScreen />}>
          <HostView session={session} now={now} banner={banner} />
        </Suspense>
      ) : (
        <ParticipantView session={session} now={now} banner={banner} />
      );
  }
}

/**
 * Tells the server the language this reader reads the page in, so their emails are written in it:
 * once per language per session on this device (sessionStorage), and again after a failure.
 */
function useRememberedLocale(session: PaySessionView | undefined): void {
  const { locale } = useIntl();
  const sessionId = session?.id;
  const participantId = session?.viewerParticipantId ?? null;
  useEffect(() => {
    // A host before the split is saved has no participant to remember it for yet.
    if (sessionId === undefined || participantId === null) return;
    const key = `paysplit.locale-told.${sessionId}.${participantId}`;
    if (readSessionStorage(key) === locale) return;
    execute(RememberLocaleDocument, { sessionId, locale }).then(
      () => writeSessionStorage(key, locale),
      () => undefined,
    );
  }, [sessionId, participantId, locale]);
}

function readSessionStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSessionStorage(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Not kept: the next load tells the server again, which changes nothing.
  }
}
