import { readFileSync } from 'node:fs';
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl';
import {
  formatMomentIn,
  formatMoney,
  negotiateLocale,
  type ReaderLocale,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
  type SupportedLocale,
  textDirection,
} from '@paysplit/domain';

/**
 * The emails' catalogs, one JSON file per language (en.json is extracted from the code's
 * `defineMessages`; docs/i18n.md). Read from the source tree whether this runs from src/ (tests)
 * or from dist/ (the build): both sit three folders below apps/server.
 */
const CATALOGS = new URL('../../../src/modules/emails/messages/', import.meta.url);

type Catalog = Record<string, string>;

function readCatalog(locale: SupportedLocale): Catalog {
  const raw = JSON.parse(readFileSync(new URL(`${locale}.json`, CATALOGS), 'utf8')) as Record<string, string | { defaultMessage: string }>;
  return Object.fromEntries(
    Object.entries(raw).map(([id, message]) => [id, typeof message === 'string' ? message : message.defaultMessage]),
  );
}

let catalogs: Map<SupportedLocale, Catalog> | undefined;
const cache = createIntlCache();
const translators = new Map<string, EmailTranslator>();

/** Every catalog, read once (a few kilobytes each); the ICU parser compiles each message once, on first use. */
function catalogOf(locale: SupportedLocale): Catalog {
  catalogs ??= new Map(SUPPORTED_LOCALES.map((each) => [each, readCatalog(each)]));
  return catalogs.get(locale)!;
}

/** An email's words and numbers in its reader's language. */
export interface EmailTranslator {
  (descriptor: MessageDescriptor, values?: Record<string, string | number>): string;
  /** The tag that formats money and dates ("de-AT"). */
  tag: string;
  dir: 'ltr' | 'rtl';
  money(minor: bigint, currency: string): string;
  /** A moment in the integration's zone, the zone named. */
  moment(at: Date, timeZone: string): string;
}

// First strong isolate / pop directional isolate: a Latin name or an amount inside Arabic text keeps its order.
const isolate = (value: string) => `\u2068${value}\u2069`;

export function emailTranslator(reader: ReaderLocale): EmailTranslator {
  const key = `${reader.locale}|${reader.tag}`;
  let translator = translators.get(key);
  if (!translator) {
    const intl: IntlShape = createIntl(
      { locale: reader.tag, defaultLocale: SOURCE_LOCALE, messages: catalogOf(reader.locale), onError: reportMissing },
      cache,
    );
    const dir = textDirection(reader.locale);
    const t = ((descriptor, values) => {
      const shown =
        values && dir === 'rtl'
          ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]))
          : values;
      return intl.formatMessage(descriptor, shown);
    }) as EmailTranslator;
    t.tag = reader.tag;
    t.dir = dir;
    t.money = (minor, currency) => formatMoney(minor, currency, reader.tag);
    t.moment = (at, timeZone) => formatMomentIn(at, timeZone, reader.tag);
    translator = t;
    translators.set(key, translator);
  }
  return translator;
}

/**
 * The language an email is written in: the one its reader last read their pay page in, else the
 * merchant's for the session, else the organiser's (who set the split up, often in the group's
 * language); English when none is written.
 */
export function emailLocale(preferences: { recipient: string | null; session: string | null; organiser: string | null }): ReaderLocale {
  return negotiateLocale([preferences.recipient, preferences.session, preferences.organiser]);
}

/** A message missing from a catalog falls back to English; the catalog check keeps that from shipping. */
function reportMissing(error: Error): void {
  if ((error as { code?: string }).code === 'MISSING_TRANSLATION') return;
  throw error;
}
