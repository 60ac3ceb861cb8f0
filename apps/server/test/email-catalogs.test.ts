import { describe, expect, it } from 'vitest';
import { catalogProblems } from '../../../packages/tooling/message-catalogs.mjs';

// The emails' and unsubscribe pages' catalogs pass the same check as the pay app's (apps/pay/src/i18n/catalogs.test.ts).
describe('the emails’ message catalogs', () => {
  it('have every message the code declares in every language, with English’s arguments, and nothing unused', () => {
    expect(catalogProblems('emails')).toEqual([]);
  });
});
