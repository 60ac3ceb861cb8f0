import { MutationCache, QueryCache, QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { errorCodeOf, NETWORK_ERROR } from '../../graphql/client';
import type { AdminViewerFieldsFragment } from '../gql/graphql';
import { adminPaths } from '../admin-routes';
import { navigate } from '../navigation';
import { adminExecute, rememberCsrfToken } from '../transport';
import { LogoutDocument, MeDocument } from './account-documents';
import { rememberOneTimePassword } from './one-time-password';

export type AdminViewer = AdminViewerFieldsFragment;

export const meQueryKey = ['admin', 'me'] as const;

const TRANSIENT_CODES = new Set([NETWORK_ERROR, 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR']);

/** Forgets the login: the next render shows the login screen, and nothing of the last account stays cached. */
function signedOut(queryClient: QueryClient): void {
  rememberCsrfToken(null);
  rememberOneTimePassword(null);
  // The `me` entry stays (its observer shows the login screen); everything else goes.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== meQueryKey[1] });
  queryClient.setQueryData(meQueryKey, null);
}

/**
 * The admin's own cache. Any request answered UNAUTHENTICATED (the cookie expired, or the
 * account logged out elsewhere) sends the person to the login screen; FORBIDDEN may be a stale
 * CSRF token, so `me` is asked again for the current one.
 */
export function createAdminQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'UNAUTHENTICATED') signedOut(queryClient);
    else if (code === 'FORBIDDEN') void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && TRANSIENT_CODES.has(errorCodeOf(error) ?? ''),
        staleTime: 10_000,
      },
      // gcTime 0: a mutation's reply (a key or secret shown once) leaves memory with its screen.
      mutations: { retry: false, gcTime: 0 },
    },
  });
  return queryClient;
}

/** Who is logged in (null: nobody). Also where the CSRF token comes from after a reload. */
export function useViewerQuery() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      const { me } = await adminExecute(MeDocument);
      rememberCsrfToken(me?.csrfToken ?? null);
      return me ?? null;
    },
    staleTime: Infinity,
  });
}

/** Takes the reply of login, registerAccount or changePassword as the current viewer. */
export function useSignIn(): (viewer: AdminViewer) => void {
  const queryClient = useQueryClient();
  return (viewer) => {
    rememberCsrfToken(viewer.csrfToken);
    queryClient.setQueryData(meQueryKey, viewer);
  };
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminExecute(LogoutDocument),
    // Logged out here whatever the server said: the cookie may already be gone.
    onSettled: () => {
      signedOut(queryClient);
      navigate(adminPaths.dashboard);
    },
  });
}

const ViewerContext = createContext<AdminViewer | null>(null);
export const ViewerProvider = ViewerContext.Provider;

/** The logged-in viewer; screens behind the login only. */
export function useViewer(): AdminViewer {
  const viewer = useContext(ViewerContext);
  if (viewer === null) throw new Error('useViewer outside a logged-in screen');
  return viewer;
}
