import type { SupportedLocale } from '@paysplit/domain';
import type { MessageFormatElement } from 'react-intl';

/** The pseudo-locale (longer, accented English): never offered, used to find text that does not fit. */
export const PSEUDO_LOCALE = 'en-XA';
export type CatalogLocale = SupportedLocale | typeof PSEUDO_LOCALE;

/** A compiled catalog: each message id's ICU syntax tree (compiled at build time; no parser in the browser). */
export type Catalog = Record<string, MessageFormatElement[]>;

type Load = () => Promise<{ default: unknown }>;

// One literal import each, so every locale is its own chunk and a reader downloads only theirs.
const LOADERS: Record<CatalogLocale, Load> = {
  en: () => import('./messages/en.json'),
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
  de: () => import('./messages/de.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  'zh-CN': () => import('./messages/zh-CN.json'),
  ar: () => import('./messages/ar.json'),
  'en-XA': () => import('./messages/en.json?pseudo'),
};

const loaded = new Map<CatalogLocale, Promise<Catalog>>();

/** The catalog of a locale, fetched once; a failed fetch is forgotten so the next call tries again. */
export function loadCatalog(locale: CatalogLocale): Promise<Catalog> {
  let catalog = loaded.get(locale);
  if (!catalog) {
    catalog = LOADERS[locale]().then((module) => module.default as Catalog);
    catalog.catch(() => loaded.delete(locale));
    loaded.set(locale, catalog);
  }
  return catalog;
}
