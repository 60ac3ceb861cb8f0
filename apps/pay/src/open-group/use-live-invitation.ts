import { useQueryClient } from '@tanstack/react-query';
import { createClient } from 'graphql-ws/client';
import { useEffect } from 'react';
import type { OpenGroupInvitationChangedSubscription } from '../gql/graphql';
import { documentPayload } from '../graphql/client';
import { OpenGroupInvitationChangedDocument } from '../graphql/operations';
import { liveUrlFor } from '../live/use-live-session';
import { type Invitation, invitationQueryKey } from './invitation-query';

const NORMAL_CLOSURE = 1000;
const REOPEN_BASE_MS = 30_000;
const REOPEN_MAX_MS = 5 * 60_000;
/** While the socket is down the page asks again this often, so places left stay close to true. */
const FALLBACK_REFRESH_MS = 15_000;

function closedNormally(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as { code?: unknown }).code === NORMAL_CLOSURE;
}

/**
 * Keeps the join page's figures current while it is open (places left, tipped, the price falling):
 * each pushed invitation replaces the cached one. While the socket is down the page asks again
 * now and then, and a new socket is tried after a growing pause, as the pay page's own live
 * updates do.
 */
export function useLiveInvitation(sessionId: string, code: string, enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const key = invitationQueryKey(sessionId, code);
    let disposed = false;
    let attempts = 0;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let close: () => void = () => undefined;
    let missed = false;
    let fallback: ReturnType<typeof setInterval> | undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

    const down = () => {
      missed = true;
      fallback ??= setInterval(refetch, FALLBACK_REFRESH_MS);
    };
    const reopenLater = () => {
      down();
      close();
      if (disposed) return;
      const delay = Math.min(REOPEN_BASE_MS * 2 ** attempts, REOPEN_MAX_MS);
      attempts += 1;
      reopenTimer = setTimeout(open, delay);
    };
    const open = () => {
      const client = createClient({
        url: liveUrlFor(window.location),
        retryAttempts: 5,
        on: {
          connected: () => {
            attempts = 0;
            clearInterval(fallback);
            fallback = undefined;
            // Whatever changed while the socket was down was not pushed.
            if (missed) refetch();
            missed = false;
          },
          closed: (event) => {
            if (!closedNormally(event)) down();
          },
        },
      });
      const unsubscribe = client.subscribe<OpenGroupInvitationChangedSubscription>(
        // graphql-ws requires a query string; an empty one beside documentId names a trusted document.
        { query: '', ...documentPayload(OpenGroupInvitationChangedDocument), variables: { sessionId, code } },
        {
          next: ({ data }) => {
            if (data) queryClient.setQueryData<Invitation>(key, data.openGroupInvitationChanged);
            // Refused (too many live pages, say): ask now and then, and try a socket again later.
            else reopenLater();
          },
          error: () => reopenLater(),
          complete: () => undefined,
        },
      );
      close = () => {
        unsubscribe();
        void client.dispose();
      };
    };

    open();
    return () => {
      disposed = true;
      clearTimeout(reopenTimer);
      clearInterval(fallback);
      close();
    };
  }, [sessionId, code, enabled, queryClient]);
}
