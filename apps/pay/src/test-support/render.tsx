import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { PaySessionView } from '../session/session-query';
import { sessionQueryKey } from '../session/session-query';
import { englishCatalog, failOnMessageError } from './intl';

export { englishTranslator } from './intl';

/** The page in English, as most tests read it; `locale` formats money and dates (en by default). */
export function InEnglish({ children, locale = 'en' }: { children: ReactNode; locale?: string }) {
  return (
    <IntlProvider locale={locale} messages={englishCatalog} defaultLocale="en" onError={failOnMessageError}>
      {children}
    </IntlProvider>
  );
}

/** testing-library's render, inside the English catalog. */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderInDom(ui, { ...options, wrapper: InEnglish });
}

/** Renders inside a fresh query cache (no retries, so failures show at once), optionally seeded with a session. */
export function renderWithQuery(ui: ReactElement, session?: PaySessionView) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (session) queryClient.setQueryData(sessionQueryKey(session.id), session);
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
  };
}
