import { useQueryClient } from '@tanstack/react-query';
import { createClient } from 'graphql-ws/client';
import { useEffect } from 'react';
import type { PaySessionUpdatedSubscription } from '../gql/graphql';
import { documentPayload } from '../graphql/client';
import { PaySessionUpdatedDocument } from '../graphql/operations';
import { newerView, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { fetchPublicStatus, StatusPoller } from './status-poller';

/** Same origin and path as the HTTP endpoint, so the session cookie authenticates the handshake. */
export function liveUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
}

const NORMAL_CLOSURE = 1000;
/** The server's refusal of a message larger than it takes: the same message would be refused again. */
const MESSAGE_TOO_BIG = 1009;
/** The server's refusal of one more subscription; a socket closed as too slow (4413) is simply retried. */
const TOO_MANY_SUBSCRIPTIONS = 'TOO_MANY_SUBSCRIPTIONS';
const REOPEN_BASE_MS = 30_000;
const REOPEN_MAX_MS = 5 * 60_000;

function closedWith(event: unknown, code: number): boolean {
  return typeof event === 'object' && event !== null && (event as { code?: unknown }).code === code;
}

/**
 * Keeps the cached session current for as long as the page is open: each pushed view replaces it.
 * An ended session still changes (a merchant refunds a completed one, a refund settles), so the
 * subscription stays until the page goes. When the socket cannot open or drops with an error, the
 * public status is polled instead (and the session refetched when it moved) until a socket is back.
 */
export function useLiveSession(session: PaySessionView | undefined): void {
  const queryClient = useQueryClient();
  const sessionId = session?.id;

  useEffect(() => {
    if (sessionId === undefined) return;
    const key = sessionQueryKey(sessionId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

    const poller = new StatusPoller({
      poll: () => fetchPublicStatus(sessionId),
      baseline: () => {
        const shown = queryClient.getQueryData<PaySessionView>(key);
        return shown ? { status: shown.status, paidMinor: shown.paidMinor, updatedAt: shown.updatedAt } : null;
      },
      onChange: refetch,
    });

    // graphql-ws gives up for good on an abnormal closure (1006: server restarting, network
    // change), so a new socket is tried after a growing pause while the poller covers the gap.
    let disposed = false;
    let reopenAttempts = 0;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let missedUpdates = false;
    let closeSocket: () => void = () => undefined;

    const open = () => {
      const client = createClient({
        url: liveUrlFor(window.location),
        retryAttempts: 5,
        on: {
          connected: () => {
            reopenAttempts = 0;
            poller.stop();
            // Whatever changed while the socket was down was not pushed.
            if (missedUpdates) refetch();
            missedUpdates = false;
          },
          closed: (event) => {
            if (closedWith(event, NORMAL_CLOSURE)) return;
            missedUpdates = true;
            poller.start();
          },
        },
      });
      const unsubscribe = client.subscribe<PaySessionUpdatedSubscription>(
        // graphql-ws requires a query string; an empty one beside documentId names a trusted document.
        { query: '', ...documentPayload(PaySessionUpdatedDocument), variables: { sessionId } },
        {
          next: ({ data, errors }) => {
            if (data) queryClient.setQueryData<PaySessionView>(key, (current) => newerView(current, data.paySessionUpdated));
            // The server holds as many live pages of this session (or this address) as it allows:
            // poll instead, and try a socket again later.
            else if (errors?.some((error) => error.extensions?.code === TOO_MANY_SUBSCRIPTIONS)) {
              missedUpdates = true;
              poller.start();
              reopenLater();
            }
            // A push that failed to resolve: ask again, so an error (say, an expired cookie) shows.
            else refetch();
          },
          // The socket is gone for good or the server refused the subscription: poll, and try again
          // later, unless the server refused a message as too big (it would refuse it again).
          error: (error) => {
            missedUpdates = true;
            poller.start();
            if (closedWith(error, MESSAGE_TOO_BIG)) closeSocket();
            else reopenLater();
          },
          complete: () => undefined,
        },
      );
      closeSocket = () => {
        unsubscribe();
        void client.dispose();
      };
    };

    const reopenLater = () => {
      closeSocket();
      if (disposed) return;
      const delay = Math.min(REOPEN_BASE_MS * 2 ** reopenAttempts, REOPEN_MAX_MS);
      reopenAttempts += 1;
      reopenTimer = setTimeout(open, delay);
    };

    open();
    return () => {
      disposed = true;
      clearTimeout(reopenTimer);
      closeSocket();
      poller.stop();
    };
  }, [sessionId, queryClient]);
}
