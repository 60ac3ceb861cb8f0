import { describe, expect, it } from 'vitest';
import { type Catalog } from './catalogs';
import { CHOICE_KEY, createLocaleStore } from './locale-store';
import { chooseDisplayLocale } from './reader-locale';

describe('the page’s language', () => {
  const choose = (choice: string | null, sessionLocale: string | null, preferences: string[]) =>
    chooseDisplayLocale({ choice, sessionLocale, preferences });

  it('is the browser’s first language PaySplit writes, in the reader’s own spelling', () => {
    expect(choose(null, null, ['it-IT', 'de-AT', 'en'])).toEqual({ catalog: 'de', tag: 'de-AT', dir: 'ltr' });
    expect(choose(null, null, ['ar-EG'])).toEqual({ catalog: 'ar', tag: 'ar-EG', dir: 'rtl' });
    expect(choose(null, null, ['zh-TW', 'ja'])).toEqual({ catalog: 'ja', tag: 'ja', dir: 'ltr' });
    expect(choose(null, null, ['it', 'sv'])).toEqual({ catalog: 'en', tag: 'en', dir: 'ltr' });
    expect(choose(null, null, ['en-XA'])).toEqual({ catalog: 'en-XA', tag: 'en-XA', dir: 'ltr' });
  });

  it('is the merchant’s for the session over the browser’s, formatted in the reader’s region where it is the same language', () => {
    expect(choose(null, 'fr', ['en-US'])).toEqual({ catalog: 'fr', tag: 'fr', dir: 'ltr' });
    expect(choose(null, 'fr', ['fr-CA', 'en'])).toEqual({ catalog: 'fr', tag: 'fr-CA', dir: 'ltr' });
    // A language PaySplit does not write leaves it to the browser.
    expect(choose(null, 'it', ['de'])).toEqual({ catalog: 'de', tag: 'de', dir: 'ltr' });
  });

  it('is the reader’s own choice over both', () => {
    expect(choose('ja', 'fr', ['de-AT'])).toEqual({ catalog: 'ja', tag: 'ja', dir: 'ltr' });
    expect(choose('de', 'fr', ['de-AT'])).toEqual({ catalog: 'de', tag: 'de-AT', dir: 'ltr' });
    expect(choose('nonsense', null, ['es'])).toEqual({ catalog: 'es', tag: 'es', dir: 'ltr' });
  });
});

describe('the language store', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const values = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      values,
    };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('shows nothing until the first catalog is in, then the session’s language once its catalog is', async () => {
    const store = createLocaleStore({ preferences: ['en-US'], storage: memoryStorage() });
    expect(store.getState().shown).toBeNull();
    await store.applySessionLocale('ja');
    const shown = store.getState().shown!;
    expect(shown.locale).toEqual({ catalog: 'ja', tag: 'ja', dir: 'ltr' });
    expect((shown.catalog as Catalog)['payer.title']).toBeDefined();
  });

  it('keeps the reader’s choice on this device, and it wins over the session’s', async () => {
    const storage = memoryStorage();
    const store = createLocaleStore({ preferences: ['en-US'], storage });
    await store.applySessionLocale('ja');
    store.choose('ar');
    expect(storage.values.get(CHOICE_KEY)).toBe('ar');
    await store.applySessionLocale('ja');
    expect(store.getState().shown!.locale).toEqual({ catalog: 'ar', tag: 'ar', dir: 'rtl' });

    const nextPage = createLocaleStore({ preferences: ['en-US'], storage });
    await nextPage.applySessionLocale('fr');
    await settled();
    expect(nextPage.getState().shown!.locale.catalog).toBe('ar');
  });

  it('works where the browser refuses storage', async () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createLocaleStore({ preferences: ['de'], storage: refusing });
    store.choose('es');
    await store.applySessionLocale(null);
    expect(store.getState().shown!.locale.catalog).toBe('es');
  });
});
