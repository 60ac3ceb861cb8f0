import { createIntl } from 'react-intl';
import type { Catalog } from '../i18n/catalogs';
import english from '../i18n/messages/en.json';
import { type Translator, translatorOf } from '../i18n/translator';

/** The English catalog, compiled as the build compiles it (the same Vite plugin runs under vitest). */
export const englishCatalog = english as unknown as Catalog;

/** A message that does not format (missing from the catalog, say) fails the test rather than showing its id. */
export function failOnMessageError(error: Error): void {
  throw error;
}

/** The English translator, for the functions that word things outside components; `locale` formats (en-NZ: "2:10 pm"). */
export function englishTranslator(locale = 'en'): Translator {
  return translatorOf(createIntl({ locale, messages: englishCatalog, defaultLocale: 'en', onError: failOnMessageError }));
}
