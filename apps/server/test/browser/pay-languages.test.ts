import { createIntl } from '@formatjs/intl';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../../../packages/tooling/message-catalogs.mjs';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { payAtCheckout } from './test-processor.js';

let server: TestServer;
let merchant: ReferenceMerchant;
const newPerson = chromiumForFile();
const PHONE = { width: 360, height: 740 };

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

/** A message of the pay app's catalog in one language, formatted as the page formats it (the page's words, not a copy of them). */
function wordsOf(locale: string) {
  const intl = createIntl({ locale, messages: readCatalog('pay', locale) });
  // Text a screen reader alone hears (<hidden>…</hidden>) is part of a control's name: kept, unmarked.
  const hidden = (chunks: unknown[]) => chunks.join('');
  return (id: string, values: Record<string, string | number> = {}) => {
    const said = intl.formatMessage({ id }, { hidden, ...values }) as string | string[];
    return (Array.isArray(said) ? said.join('') : said).replace(/[\u2068\u2069]/g, '');
  };
}
const ar = wordsOf('ar');
const de = wordsOf('de');

interface Person extends Browser {
  consoleErrors: string[];
}

async function person(locale: string): Promise<Person> {
  const browser = await newPerson({ viewport: PHONE, locale });
  return Object.assign(browser, { consoleErrors: collectConsoleErrors(browser.page) });
}

/** The document says its language and direction; nothing is wider than the phone or cut short; axe finds nothing at all. */
async function expectScreen(page: Page, name: string, lang: RegExp, dir: 'ltr' | 'rtl'): Promise<void> {
  await screenshot(page, name);
  expect(
    await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
    `lang and dir on ${name}`,
  ).toEqual({
    lang: expect.stringMatching(lang),
    dir,
  });
  expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
  expect(await cutOrSpilledText(page), `text cut short or spilling on ${name}`).toEqual([]);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
}

/** The invite link in the host's row of `name`, whatever language the page is in (its QR panel's read-only field). */
async function inviteLinkOf(page: Page, name: string): Promise<string> {
  const row = page.locator('.person').filter({ hasText: name });
  await row.locator('button[aria-expanded]').click();
  const link = await row.locator('input.invite-link').inputValue();
  await row.locator('button[aria-expanded]').click();
  return link;
}

/**
 * Text a reader cannot read whole: an element whose content is wider or taller than its box where
 * the box clips it (cut short), or spills past it. Screen-reader-only text is clipped on purpose.
 */
function cutOrSpilledText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))) {
      if (element.closest('.visually-hidden') || element instanceof SVGElement || element.tagName === 'svg') continue;
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const isControl = element instanceof HTMLButtonElement || element instanceof HTMLSelectElement || element.tagName === 'LABEL';
      if (!hasText && !isControl) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline') continue;
      const wider = element.scrollWidth > element.clientWidth + 1;
      const taller = element.scrollHeight > element.clientHeight + 1 && style.overflowY !== 'visible';
      if (wider || taller || style.textOverflow === 'ellipsis') {
        if (style.textOverflow === 'ellipsis' && !wider) continue;
        found.push(`${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 50)}"`);
      }
    }
    return found;
  });
}

describe('the pay app in the payer’s language (Debian chromium, 360 × 740)', () => {
  it('a host in Arabic sets up the split and turns the page to German; payers pay in German and Arabic; every screen right to left or left to right, axe clean', async () => {
    const host = await person('ar');
    await host.page.goto(`${merchant.baseUrl}/`);
    await host.page.getByRole('button', { name: 'Book and split the bill' }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    const sessionId = new URL(host.page.url()).pathname.split('/').at(-1)!;

    // The browser says Arabic: the set-up is in Arabic, right to left.
    await host.page.getByRole('heading', { name: 'إعداد التقسيم', level: 1 }).waitFor();
    await expectScreen(host.page, 'ar-01-host-setup', /^ar/, 'rtl');
    await host.page.getByLabel(ar('split.row.yourName')).fill('عروة');
    await host.page.getByLabel(ar('split.row.name', { n: 2 })).fill('Ben');
    await host.page.getByRole('button', { name: ar('split.add') }).click();
    await host.page.getByLabel(ar('split.row.name', { n: 3 })).fill('Caleb');
    await host.page.getByRole('radio', { name: ar('split.mode.exact') }).check();
    // Amounts typed as an Arabic reader may: Arabic-Indic digits and the Arabic decimal mark.
    await host.page.getByLabel(ar('split.row.amount', { n: 1 })).fill('٢٠٠٫٠٠');
    await host.page.getByLabel(ar('split.row.amount', { n: 2 })).fill('150');
    await host.page.getByLabel(ar('split.row.amount', { n: 3 })).fill('130');
    // All of it assigned: the summary line says so, in Arabic.
    await host.page.locator('.summary-line.is-balanced').waitFor();
    expect(await host.page.locator('.summary-line').innerText()).toMatch(/^وُزّع المبلغ كاملًا/);
    await expectScreen(host.page, 'ar-02-host-amounts', /^ar/, 'rtl');
    await host.page.getByRole('button', { name: ar('split.save') }).click();
    await host.page.getByRole('heading', { name: ar('host.title'), level: 1 }).waitFor();
    await expectScreen(host.page, 'ar-03-host-invites', /^ar/, 'rtl');
    const benLink = await inviteLinkOf(host.page, 'Ben');
    const calebLink = await inviteLinkOf(host.page, 'Caleb');

    // The host turns the page to German with the language menu; it stays German and is remembered for their emails.
    await host.page.getByLabel(ar('language.label')).selectOption('de');
    await host.page.getByRole('heading', { name: 'Bezahlen und einladen', level: 1 }).waitFor();
    await expectScreen(host.page, 'de-04-host-invites', /^de/, 'ltr');
    await expect
      .poll(() => server.query<{ locale: string }>(`select locale from participant where session_id = ? and is_host`, [sessionId]))
      .toEqual([{ locale: 'de' }]);

    // The host pays their own share in German.
    await host.page.getByRole('button', { name: /^200[.,]00\s?NZ\$ bezahlen$/ }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(host.page);
    await host.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await host.page.getByText(de('return.received')).waitFor();
    await expectScreen(host.page, 'de-05-host-paid', /^de/, 'ltr');

    // Ben's browser reads German (Austria): German words, Austrian formats.
    const ben = await person('de-AT');
    await ben.page.goto(benLink);
    await ben.page.getByRole('heading', { name: 'Deinen Anteil bezahlen', level: 1 }).waitFor();
    await expectScreen(ben.page, 'de-06-payer', /^de-AT$/, 'ltr');
    await ben.page.getByRole('button', { name: /^(NZ\$\s?150,00|150,00\s?NZ\$) bezahlen$/ }).click();
    await ben.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(ben.page);
    await ben.page.getByText(de('return.received')).waitFor();
    await expectScreen(ben.page, 'de-07-payer-paid', /^de-AT$/, 'ltr');

    // Caleb's browser reads Arabic (Egypt): Arabic words, Eastern Arabic digits.
    const caleb = await person('ar-EG');
    await caleb.page.goto(calebLink);
    await caleb.page.getByRole('heading', { name: 'ادفع حصتك', level: 1 }).waitFor();
    expect(await caleb.page.locator('.amounts dd').first().innerText()).toMatch(/١٣٠٫٠٠/);
    await expectScreen(caleb.page, 'ar-08-payer', /^ar-EG$/, 'rtl');
    await caleb.page.getByRole('button', { name: new RegExp(`^${ar('pay.button', { amount: '' }).trim()}`) }).click();
    await caleb.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(caleb.page);

    // One ending each, in each reader's language.
    await caleb.page.getByRole('heading', { name: ar('completed.payer.title'), level: 1 }).waitFor({ timeout: 5000 });
    await expectScreen(caleb.page, 'ar-09-payer-all-set', /^ar-EG$/, 'rtl');
    await ben.page.getByRole('heading', { name: 'Alles erledigt', level: 1 }).waitFor({ timeout: 5000 });
    await host.page.getByRole('heading', { name: de('completed.host.title'), level: 1 }).waitFor({ timeout: 5000 });
    await expectScreen(host.page, 'de-10-host-completed', /^de/, 'ltr');
    expect(await server.query(`select display_name, locale from participant where session_id = ? order by position`, [sessionId])).toEqual([
      { display_name: 'عروة', locale: 'de' },
      { display_name: 'Ben', locale: 'de-AT' },
      { display_name: 'Caleb', locale: 'ar-EG' },
    ]);
    for (const someone of [host, ben, caleb]) expect(someone.consoleErrors).toEqual([]);
  }, 60_000);

  it('a session the merchant set to Japanese reads in Japanese in an English browser, yen without decimals; the payer can turn it to English', async () => {
    const created = await postJson<{ sessionId: string; sessionUrl: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      {
        integrationId: merchant.integrationId,
        amountMinor: '12000',
        currency: 'JPY',
        description: '焼肉ディナー',
        locale: 'ja',
        unconfigured: false,
        splitMode: 'equal',
        participants: [{ displayName: '佐藤' }, { displayName: 'Ben' }, { displayName: '李' }],
      },
      { 'x-service-api-key': merchant.apiKey },
    );
    expect(created.status).toBe(200);
    const host = await person('en-US');
    await host.page.goto(created.body.sessionUrl);
    await host.page.getByRole('heading', { name: '支払いと招待', level: 1 }).waitFor();
    const benLink = await inviteLinkOf(host.page, 'Ben');

    const ben = await person('en-US');
    await ben.page.goto(benLink);
    await ben.page.getByRole('heading', { name: 'あなたの分を支払う', level: 1 }).waitFor();
    expect(await ben.page.locator('.amounts dd').first().innerText()).toBe('￥4,000');
    await expectScreen(ben.page, 'ja-01-payer', /^ja/, 'ltr');
    // The reader's own choice wins over the merchant's, and stays for the next page they open.
    await ben.page.getByLabel('言語').selectOption('en');
    await ben.page.getByRole('heading', { name: 'Pay your share', level: 1 }).waitFor();
    await ben.page.reload();
    await ben.page.getByRole('heading', { name: 'Pay your share', level: 1 }).waitFor();
    await expectScreen(ben.page, 'ja-02-payer-chose-english', /^en/, 'ltr');
  }, 30_000);

  it('in the pseudo-locale (longer, accented English) nothing is cut short, spills over or scrolls sideways', async () => {
    const host = await person('en-XA');
    await host.page.goto(`${merchant.baseUrl}/`);
    await host.page.getByRole('button', { name: 'Book and split the bill' }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await host.page.locator('#split-heading').waitFor();
    const check = (page: Page, name: string) => expectScreen(page, name, /^en-XA$/, 'ltr');
    // The pseudo-locale is English made about 40 % longer: the set-up's labels, modes and buttons are the tightest.
    expect(await host.page.locator('#split-heading').innerText()).toMatch(/^\[.*[^\x20-\x7e].*\]$/);
    const names = host.page.locator('.field-name input');
    await names.nth(0).fill('Aroha');
    await names.nth(1).fill('Ben');
    await host.page.locator('#add-participant').click();
    await names.nth(2).fill('Caleb');
    await host.page.locator('.field-email input').nth(1).fill('ben@example.test');
    await host.page.locator('.mode-option').nth(1).click();
    await check(host.page, 'pseudo-01-host-setup');
    await host.page.locator('.mode-option').nth(3).click();
    await check(host.page, 'pseudo-02-host-shares');
    await host.page.locator('button[type="submit"]').click();
    await host.page.locator('.people-list').waitFor();
    await check(host.page, 'pseudo-03-host-invites');

    const ben = await person('en-XA');
    await ben.page.goto(await inviteLinkOf(host.page, 'Ben'));
    await ben.page.locator('.button-pay').waitFor();
    await check(ben.page, 'pseudo-04-payer');
  }, 40_000);

  it('an open group: its join page right to left in Arabic and in the pseudo-locale, and the organiser’s page with a place being paid for, nothing cut short', async () => {
    const created = await postJson<{ sessionUrl: string; joinUrl: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      {
        integrationId: merchant.integrationId,
        amountMinor: '60000',
        description: 'Kayak trip to Rangitoto',
        openGroup: { pricing: 'split_total', minPlaces: 4, maxPlaces: 10, maxPlacesPerPayer: 3, organiserName: 'Aroha' },
      },
      { 'x-service-api-key': merchant.apiKey },
    );
    expect(created.status).toBe(200);
    const joiner = await person('ar-EG');
    await joiner.page.goto(created.body.joinUrl);
    await joiner.page.getByRole('heading', { name: ar('join.title'), level: 1 }).waitFor();
    await expectScreen(joiner.page, 'ar-11-join-page', /^ar-EG$/, 'rtl');
    // Joining in Arabic claims two places and opens the checkout; not paid, they are being paid for.
    await joiner.page.getByLabel(ar('join.form.name'), { exact: true }).fill('مريم');
    await joiner.page.getByLabel(ar('join.form.email'), { exact: true }).fill('maryam@example.test');
    await joiner.page.getByLabel(ar('join.form.places'), { exact: true }).selectOption('2');
    await joiner.page.locator('.join-form button[type="submit"]').click();
    await joiner.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));

    const check = (page: Page, name: string) => expectScreen(page, name, /^en-XA$/, 'ltr');
    const organiser = await person('en-XA');
    await organiser.page.goto(created.body.sessionUrl);
    await organiser.page.locator('[data-testid="places-list"] .badge').waitFor();
    await check(organiser.page, 'pseudo-05-organiser-open-group');
    const stranger = await person('en-XA');
    await stranger.page.goto(created.body.joinUrl);
    await stranger.page.locator('.join-form').waitFor();
    await check(stranger.page, 'pseudo-06-join-page');
    for (const someone of [joiner, organiser, stranger]) expect(someone.consoleErrors).toEqual([]);
  }, 30_000);
});
