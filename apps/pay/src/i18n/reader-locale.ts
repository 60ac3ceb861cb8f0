import { canonicalLocale, SOURCE_LOCALE, supportedLocaleOf, textDirection } from '@paysplit/domain';
import { type CatalogLocale, PSEUDO_LOCALE } from './catalogs';

/** The language a page is shown in: its catalog, the tag that formats money and dates, and its direction. */
export interface DisplayLocale {
  catalog: CatalogLocale;
  /** The reader's own tag where it has this catalog's language (de-AT, ar-EG), else the catalog's. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

/** The catalog a tag is shown in (the pseudo-locale included), or null when there is none. */
export function catalogOf(tag: string | null | undefined): CatalogLocale | null {
  if (tag == null) return null;
  return canonicalLocale(tag) === PSEUDO_LOCALE ? PSEUDO_LOCALE : supportedLocaleOf(tag);
}

/**
 * A catalog as this reader reads it: with the first of their own preferences in its language (so a
 * reader in Austria who picks Deutsch gets de-AT's dates), else with `tag`.
 */
export function displayLocale(catalog: CatalogLocale, preferences: readonly string[], tag: string = catalog): DisplayLocale {
  const own = preferences.find((preference) => catalogOf(preference) === catalog);
  return { catalog, tag: canonicalLocale(own ?? tag) ?? catalog, dir: textDirection(catalog) };
}

/**
 * The page's language, most decisive first: the reader's own choice on this device, then the
 * merchant's for the session, then the browser's languages; English when PaySplit writes none of them.
 */
export function chooseDisplayLocale({
  choice,
  sessionLocale,
  preferences,
}: {
  choice: string | null;
  sessionLocale: string | null;
  preferences: readonly string[];
}): DisplayLocale {
  for (const [candidate, tag] of [
    [catalogOf(choice), choice],
    [catalogOf(sessionLocale), sessionLocale],
  ] as const) {
    if (candidate !== null) return displayLocale(candidate, preferences, tag ?? candidate);
  }
  const first = preferences.find((preference) => catalogOf(preference) !== null);
  return first === undefined ? displayLocale(SOURCE_LOCALE, preferences) : displayLocale(catalogOf(first)!, preferences, first);
}
