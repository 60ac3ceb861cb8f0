import { type ErrorDetail } from './errors.js';

/**
 * The languages pay pages and emails are written in, English first (the source every message is
 * written in). A tag here names a catalog; what formats money and dates is the reader's own tag
 * (de-AT, ar-EG), so a reader gets their region's digits and separators with their language's words.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

export const SOURCE_LOCALE: SupportedLocale = 'en';

/** The longest tag a merchant may set: BCP 47's longest common forms fit in well under this. */
export const MAX_LOCALE_LENGTH = 35;

const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** The canonical spelling of a BCP 47 tag ("en-us" -> "en-US"), or undefined when it is not one. */
export function canonicalLocale(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LOCALE_LENGTH) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    if (canonical === undefined) return undefined;
    // A language is two or three letters in practice (ISO 639; the longer forms are reserved), and
    // "und" (undetermined) is well formed but names no language anybody reads.
    const { language } = new Intl.Locale(canonical);
    return /^[a-z]{2,3}$/.test(language) && language !== 'und' ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** Problems with a locale a merchant sets (empty when it is a BCP 47 language tag). */
export function validateLocale(tag: string, path = 'locale'): ErrorDetail[] {
  return canonicalLocale(tag) === undefined
    ? [{ path, message: `must be a BCP 47 language tag such as de, pt-BR or ar-EG (at most ${MAX_LOCALE_LENGTH} characters)` }]
    : [];
}

/**
 * The catalog a tag is read in, or null when PaySplit does not write that language: by language,
 * whatever the region ("de-AT" -> de, "pt-PT" -> pt-BR, "ar-EG" -> ar). Chinese in traditional
 * script (zh-TW, zh-HK, zh-Hant) has no catalog: simplified characters are not what those readers
 * read, so their next preference (or English) is used instead.
 */
export function supportedLocaleOf(tag: string | null | undefined): SupportedLocale | null {
  const canonical = tag == null ? undefined : canonicalLocale(tag);
  if (canonical === undefined) return null;
  const locale = new Intl.Locale(canonical);
  switch (locale.language) {
    case 'pt':
      return 'pt-BR';
    case 'zh':
      return locale.maximize().script === 'Hans' ? 'zh-CN' : null;
    default:
      return (SUPPORTED_LOCALES as readonly string[]).includes(locale.language) ? (locale.language as SupportedLocale) : null;
  }
}

/** A reader's language: the catalog their words come from and the tag that formats their numbers and dates. */
export interface ReaderLocale {
  locale: SupportedLocale;
  /** The reader's own tag when it chose the catalog ("de-AT"), else the catalog's. */
  tag: string;
}

/** The first preference PaySplit writes, in the reader's own spelling; English when none is. */
export function negotiateLocale(preferences: readonly (string | null | undefined)[]): ReaderLocale {
  for (const preference of preferences) {
    const locale = supportedLocaleOf(preference);
    if (locale !== null) return { locale, tag: canonicalLocale(preference!)! };
  }
  return { locale: SOURCE_LOCALE, tag: SOURCE_LOCALE };
}

/** Which way a language's text runs. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  const canonical = canonicalLocale(tag);
  if (canonical === undefined) return 'ltr';
  const locale = new Intl.Locale(canonical);
  // Scripts decide where a language is written in more than one (Azeri in Arabic script, say).
  const script = locale.maximize().script;
  if (script !== undefined) return ['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg'].includes(script) ? 'rtl' : 'ltr';
  return RIGHT_TO_LEFT.has(locale.language) ? 'rtl' : 'ltr';
}

/**
 * The languages of an Accept-Language header, most wanted first ("de-AT,de;q=0.9,en;q=0.5").
 * Entries with q=0 and "*" name nothing to use; malformed entries are skipped.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries = header
    .slice(0, 1000)
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0);
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}
