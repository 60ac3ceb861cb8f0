import { QueryClient, useQuery } from '@tanstack/react-query';
import type { PaySessionFieldsFragment, SessionStatus } from '../gql/graphql';
import { OpenSessionDocument, PaySessionDocument } from '../graphql/operations';
import { errorCodeOf, execute, NETWORK_ERROR } from '../graphql/client';

export type PaySessionView = PaySessionFieldsFragment;
export type PayParticipant = PaySessionView['participants'][number];

export const TERMINAL_STATUSES: ReadonlySet<SessionStatus> = new Set(['COMPLETED', 'EXPIRED', 'CANCELLED']);

export function sessionQueryKey(sessionId: string): readonly ['paySession', string] {
  return ['paySession', sessionId];
}

/**
 * Loads the session: the first load exchanges the link's token for the session cookie
 * (openSession); every later load, and a reload of the page, uses the cookie (paySession).
 * The token lives only in this closure, never in storage or the address bar.
 */
export function createSessionLoader(sessionId: string, token: string | null): () => Promise<PaySessionView> {
  let pendingToken = token;
  return async () => {
    const tokenNow = pendingToken;
    if (tokenNow === null) return (await execute(PaySessionDocument, { sessionId })).paySession;
    try {
      const { openSession } = await execute(OpenSessionDocument, { sessionId, token: tokenNow });
      pendingToken = null;
      return openSession;
    } catch (error) {
      // A definite answer settles the token; after a lost connection the retry exchanges it again.
      if (errorCodeOf(error) !== NETWORK_ERROR) pendingToken = null;
      throw error;
    }
  };
}

export function useSessionQuery(sessionId: string, load: () => Promise<PaySessionView>) {
  return useQuery({ queryKey: sessionQueryKey(sessionId), queryFn: load });
}

/** Keeps the newer of two views: a push and a mutation reply can arrive in either order. */
export function newerView(current: PaySessionView | undefined, next: PaySessionView): PaySessionView {
  return current !== undefined && current.id === next.id && current.version > next.version ? current : next;
}

const TRANSIENT_CODES = new Set([NETWORK_ERROR, 'SERVICE_UNAVAILABLE', 'RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR']);

export function createPayQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only a lost connection or a busy server is worth retrying; a bad link stays bad.
        retry: (failureCount, error) => failureCount < 3 && TRANSIENT_CODES.has(errorCodeOf(error) ?? ''),
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}
