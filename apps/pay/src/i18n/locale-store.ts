import { type Catalog, type CatalogLocale, loadCatalog } from './catalogs';
import { chooseDisplayLocale, type DisplayLocale, displayLocale } from './reader-locale';

/** Where the reader's own choice of language is kept on this device (every pay link they open). */
export const CHOICE_KEY = 'paysplit.locale';

export interface LocaleState {
  /** The language on the page and its catalog; null until the first catalog has arrived. */
  shown: { locale: DisplayLocale; catalog: Catalog } | null;
  /** The language the page is moving to (the same as shown once its catalog is in). */
  wanted: DisplayLocale;
}

export interface LocaleStore {
  getState(): LocaleState;
  subscribe(listener: () => void): () => void;
  /**
   * The merchant's language for the session (null: none set), which applies unless the reader
   * chose one. Resolves once the page can show it (or, should its catalog not arrive, whatever
   * language the page shows), so the session's screens appear in one language, not two in turn.
   */
  applySessionLocale(tag: string | null): Promise<void>;
  /** The reader's own choice, kept on this device. */
  choose(catalog: CatalogLocale): void;
  /** Whether a language was chosen on this device. */
  hasChoice(): boolean;
}

export interface LocaleEnvironment {
  /** The browser's languages, most wanted first (navigator.languages). */
  preferences: readonly string[];
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The browser's own: navigator.languages and localStorage (which a locked-down browser may refuse). */
export function browserEnvironment(): LocaleEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const preferences = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { preferences, storage };
}

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * The page's language and its catalog. A new language is shown only once its catalog is in, so
 * the page never shows message ids; a catalog that cannot be fetched is asked for again.
 */
export function createLocaleStore(environment: LocaleEnvironment): LocaleStore {
  const listeners = new Set<() => void>();
  const read = () => {
    try {
      return environment.storage?.getItem(CHOICE_KEY) ?? null;
    } catch {
      return null;
    }
  };
  let choice = read();
  let sessionLocale: string | null = null;
  const pick = () => chooseDisplayLocale({ choice, sessionLocale, preferences: environment.preferences });
  let state: LocaleState = { shown: null, wanted: pick() };

  let waiting: (() => void)[] = [];
  const publish = (next: LocaleState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const release = () => {
    const released = waiting;
    waiting = [];
    for (const resolve of released) resolve();
  };
  const fetchWanted = (attempt = 0) => {
    const wanted = state.wanted;
    loadCatalog(wanted.catalog).then(
      (catalog) => {
        if (state.wanted !== wanted) return;
        publish({ shown: { locale: wanted, catalog }, wanted });
        release();
      },
      () => {
        if (state.wanted !== wanted) return;
        if (state.shown !== null) release();
        setTimeout(() => fetchWanted(attempt + 1), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      },
    );
  };
  const want = (next: DisplayLocale) => {
    if (next.catalog === state.wanted.catalog && next.tag === state.wanted.tag) return;
    publish({ ...state, wanted: next });
    fetchWanted();
  };
  fetchWanted();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applySessionLocale(tag) {
      sessionLocale = tag;
      want(pick());
      if (state.shown !== null && state.shown.locale === state.wanted) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    choose(catalog) {
      choice = catalog;
      try {
        environment.storage?.setItem(CHOICE_KEY, catalog);
      } catch {
        // Not kept (private mode, storage full): the choice holds for this page.
      }
      want(displayLocale(catalog, environment.preferences));
    },
    hasChoice: () => choice !== null,
  };
}
