import { describe, expect, it } from 'vitest';
import { acceptedLanguages, canonicalLocale, negotiateLocale, supportedLocaleOf, textDirection, validateLocale } from './locale.js';

describe('locales', () => {
  it('accepts BCP 47 tags in their canonical spelling and refuses what is not one', () => {
    expect(canonicalLocale('en-us')).toBe('en-US');
    expect(canonicalLocale(' pt-br ')).toBe('pt-BR');
    expect(canonicalLocale('zh-hant-hk')).toBe('zh-Hant-HK');
    for (const bad of ['', ' ', 'x', 'en_US', 'english', 'und', 'i-klingon', `en-${'a'.repeat(40)}`, 'de-DE-', '12']) {
      expect(canonicalLocale(bad), JSON.stringify(bad)).toBeUndefined();
      expect(validateLocale(bad)).toEqual([{ path: 'locale', message: expect.stringContaining('BCP 47') }]);
    }
    expect(validateLocale('ar-EG')).toEqual([]);
  });

  it('reads a tag in the catalog of its language, whatever the region', () => {
    expect(supportedLocaleOf('de-AT')).toBe('de');
    expect(supportedLocaleOf('pt')).toBe('pt-BR');
    expect(supportedLocaleOf('pt-PT')).toBe('pt-BR');
    expect(supportedLocaleOf('zh')).toBe('zh-CN');
    expect(supportedLocaleOf('zh-Hans-SG')).toBe('zh-CN');
    expect(supportedLocaleOf('ar-EG')).toBe('ar');
    expect(supportedLocaleOf('en-XA')).toBe('en');
    // Traditional Chinese readers are not given simplified characters; unwritten languages get nothing.
    expect(supportedLocaleOf('zh-TW')).toBeNull();
    expect(supportedLocaleOf('zh-Hant')).toBeNull();
    expect(supportedLocaleOf('it')).toBeNull();
    expect(supportedLocaleOf(null)).toBeNull();
  });

  it('takes the first preference it writes, keeping the reader’s own tag for formatting', () => {
    expect(negotiateLocale(['it-IT', 'de-AT', 'en'])).toEqual({ locale: 'de', tag: 'de-AT' });
    expect(negotiateLocale(['zh-TW', 'ja-JP'])).toEqual({ locale: 'ja', tag: 'ja-JP' });
    expect(negotiateLocale([undefined, null, 'nonsense!'])).toEqual({ locale: 'en', tag: 'en' });
  });

  it('knows which languages run right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ar-EG')).toBe('rtl');
    expect(textDirection('he')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(textDirection('ja')).toBe('ltr');
    expect(textDirection('not a tag')).toBe('ltr');
  });

  it('reads Accept-Language by weight, then by order', () => {
    expect(acceptedLanguages('de-AT,de;q=0.9,en;q=0.5')).toEqual(['de-AT', 'de', 'en']);
    expect(acceptedLanguages('en;q=0.3, fr , ar;q=0.8, *;q=0.1, ja;q=0')).toEqual(['fr', 'ar', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
