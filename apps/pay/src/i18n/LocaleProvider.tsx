import { createContext, type ReactNode, useContext, useLayoutEffect, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import type { LocaleStore } from './locale-store';

const LocaleStoreContext = createContext<LocaleStore | null>(null);

/**
 * The page in the reader's language: nothing until the first catalog is in (a moment; the session
 * loads meanwhile), then the messages of the language shown, with lang and dir on the document so
 * screen readers pronounce it and the layout runs the language's way.
 */
export function LocaleProvider({ store, children }: { store: LocaleStore; children: ReactNode }) {
  const { shown } = useSyncExternalStore(store.subscribe, store.getState);
  useLayoutEffect(() => {
    if (!shown) return;
    document.documentElement.lang = shown.locale.tag;
    document.documentElement.dir = shown.locale.dir;
  }, [shown]);
  if (!shown) return null;
  return (
    <LocaleStoreContext.Provider value={store}>
      <IntlProvider locale={shown.locale.tag} messages={shown.catalog} defaultLocale="en" onError={reportMessageError}>
        {children}
      </IntlProvider>
    </LocaleStoreContext.Provider>
  );
}

/** The page's language store (the picker and the session's language use it); null outside a LocaleProvider. */
export function useLocaleStore(): LocaleStore | null {
  return useContext(LocaleStoreContext);
}

/**
 * A message missing from a catalog would show its id: the catalog check in the tests keeps that
 * from shipping, so nothing more is done here (react-intl would otherwise write to the console).
 */
function reportMessageError(): void {}
