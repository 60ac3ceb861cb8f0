import { describe, expect, it } from 'vitest';
import { catalogProblems, extractMessages } from '../../../../packages/tooling/message-catalogs.mjs';

describe('the pay app’s message catalogs', () => {
  it('have every message the code declares in every language, with English’s arguments, and nothing unused', () => {
    expect(catalogProblems('pay')).toEqual([]);
  });

  it('are checked for what a reader would see: a missing message, other arguments, a message no code uses', () => {
    const extracted = {
      'payer.title': { defaultMessage: 'Pay your share' },
      'pay.button': { defaultMessage: 'Pay {amount}' },
      'progress.paidCount': { defaultMessage: '{paid} of {people, plural, one {# person} other {# people}} paid' },
      'people.share': { defaultMessage: 'Share<hidden> {name}’s link</hidden>' },
    };
    const catalogs: Record<string, Record<string, string>> = {
      en: {
        'payer.title': 'Pay your share',
        'pay.button': 'Pay {amount}',
        'progress.paidCount': '{paid} of {people, plural, one {# person} other {# people}} paid',
        'people.share': 'Share<hidden> {name}’s link</hidden>',
      },
      // Japanese plurals have one category: not a difference. A renamed argument and a lost tag are.
      ja: {
        'payer.title': '自分の分を支払う',
        'pay.button': '{sum}を支払う',
        'progress.paidCount': '{people, plural, other {#人中}}{paid}人が支払い済み',
        'people.share': '{name}さんのリンクを共有',
        'payer.old': '古い',
      },
      de: {
        'payer.title': 'Deinen Anteil zahlen',
        'pay.button': '{amount} zahlen',
        'people.share': '<hidden>Link von {name} </hidden>teilen',
      },
    };
    const problems = catalogProblems('pay', { extracted, locales: ['en', 'ja', 'de'], read: (_set, locale) => catalogs[locale]! });
    expect(problems).toEqual([
      'ja: pay.button has arguments sum:argument; English has amount:argument',
      'ja: people.share has arguments name:argument; English has <hidden>:tag, name:argument',
      'ja: payer.old is unused (no code declares it)',
      'de: progress.paidCount is missing',
    ]);
  });

  it('name each message by where it is and what it says, and the English catalog is what the code says', () => {
    const extracted = extractMessages('pay');
    expect(Object.keys(extracted).length).toBeGreaterThan(150);
    const problems = catalogProblems('pay', {
      extracted: { ...extracted, x8Ab3Q: { defaultMessage: 'Hello' }, 'payer.title': { defaultMessage: 'Pay it' } },
      locales: ['en'],
    });
    expect(problems).toContain('x8Ab3Q: give the message an id that names it, such as "payer.title"');
    expect(problems).toContain('en: x8Ab3Q is missing (run npm run i18n:extract)');
    expect(problems).toContain('en: payer.title differs from the code (run npm run i18n:extract)');
  });
});
