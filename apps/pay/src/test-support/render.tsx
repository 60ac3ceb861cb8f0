import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PaySessionView } from '../session/session-query';
import { sessionQueryKey } from '../session/session-query';

/** Renders inside a fresh query cache (no retries, so failures show at once), optionally seeded with a session. */
export function renderWithQuery(ui: ReactElement, session?: PaySessionView) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (session) queryClient.setQueryData(sessionQueryKey(session.id), session);
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}
