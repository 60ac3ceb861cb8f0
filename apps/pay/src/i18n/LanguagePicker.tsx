import { SUPPORTED_LOCALES, type SupportedLocale } from '@paysplit/domain';
import { useId, useSyncExternalStore } from 'react';
import { defineMessages } from 'react-intl';
import { type CatalogLocale, PSEUDO_LOCALE } from './catalogs';
import type { LocaleStore } from './locale-store';
import { useLocaleStore } from './LocaleProvider';
import { useT } from './translator';

const messages = defineMessages({
  label: { id: 'language.label', defaultMessage: 'Language', description: 'Label of the menu that changes the page’s language' },
});

/** Each language by its own name, as its readers look for it. */
const NAMES: Record<SupportedLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

/** The pseudo-locale's own name, itself pseudo-English: shown only to a browser set to it. */
const PSEUDO_NAME = '[Ƥşḗḗŭŭḓǿǿ]';

/** The reader's own choice of language; nothing where the page has no language store (the admin area). */
export function LanguagePicker() {
  const store = useLocaleStore();
  return store ? <Picker store={store} /> : null;
}

function Picker({ store }: { store: LocaleStore }) {
  const t = useT();
  const id = useId();
  const shown = useSyncExternalStore(store.subscribe, store.getState).shown?.locale.catalog ?? 'en';
  return (
    <div className="language">
      <label htmlFor={id} className="visually-hidden">
        {t(messages.label)}
      </label>
      <svg className="language-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <select id={id} className="language-select" value={shown} onChange={(event) => store.choose(event.target.value as CatalogLocale)}>
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NAMES[locale]}
          </option>
        ))}
        {shown === PSEUDO_LOCALE && <option value={PSEUDO_LOCALE}>{PSEUDO_NAME}</option>}
      </select>
    </div>
  );
}
