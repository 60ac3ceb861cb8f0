import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { TestMailbox } from '../support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';

/**
 * The page behind "No more reminders for this payment" in an invitation, as the payer sees it on a
 * phone and a laptop: the merchant's name, logo and colour, which group payment, what stops, what
 * still comes, and the way back.
 */
let server: TestServer;
let mailbox: TestMailbox;
const newPerson = chromiumForFile();

const LOGO = 'https://cdn.harbour-table.example/logo.svg';
const ACCENT = '#0F6B5C';
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${ACCENT}"/><text x="8" y="27" font-size="20" fill="#fff">H</text></svg>`;
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

let unsubscribeUrl = '';

beforeAll(async () => {
  mailbox = new TestMailbox();
  await mailbox.start();
  server = await startTestServer({ environment: { SMTP_URL: mailbox.url } });
  const integration = await server.provision({
    name: 'Harbour Table Ltd',
    displayName: 'Harbour Table',
    logoUrl: LOGO,
    accentColor: ACCENT,
    partnerCreatePaymentUrl: 'https://shop.example.com/paysplit/create-payment',
  });
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: '48000', description: 'Dinner for 4' },
    { 'x-service-api-key': integration.apiKey },
  );
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const configured = await host.configure({
    sessionId: created.body.sessionId,
    splitMode: 'EQUAL',
    participants: [
      { displayName: 'Aroha', email: null },
      { displayName: 'Ben', email: 'ben@guests.example', sendInvite: true },
    ],
  });
  expect(configured.errors).toBeUndefined();
  const [invitation] = await mailbox.waitFor('ben@guests.example', 1);
  unsubscribeUrl = listUnsubscribe(invitation!);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mailbox?.stop();
});

function listUnsubscribe(mail: ParsedMail): string {
  const line = mail.headerLines.find((entry) => entry.key === 'list-unsubscribe')?.line ?? '';
  const match = /<([^>]+)>/.exec(line);
  if (!match) throw new Error('no List-Unsubscribe header');
  return match[1]!;
}

/** A browser in which the merchant's logo answers from its CDN (these machines reach no other host), every request recorded. */
async function payer(viewport: { width: number; height: number }): Promise<{ page: Page; requested: string[]; errors: string[] }> {
  const { page } = await newPerson({ viewport });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.route(LOGO, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }));
  return { page, requested, errors: collectConsoleErrors(page) };
}

async function expectReadable(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
  expect(await overflowsSideways(page), `${name} scrolls sideways`).toBe(false);
}

describe('the unsubscribe pages in the merchant’s colours', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px: asks, stops the reminders, says what still comes, and undoes`, async () => {
      const { page, requested, errors } = await payer(viewport);
      const response = await page.goto(unsubscribeUrl);
      expect(response?.status()).toBe(200);

      // The merchant's brand: its name, its logo (alt text, loaded without a referrer) and its colour.
      const banner = page.getByRole('banner');
      await banner.getByText('Harbour Table', { exact: true }).waitFor();
      const logo = banner.getByRole('img', { name: 'Harbour Table logo' });
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await logo.getAttribute('referrerpolicy')).toBe('no-referrer');
      expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(15, 107, 92)');

      // Which group payment, what stops and what still comes.
      await page.getByRole('heading', { name: 'Stop reminder emails?', level: 1 }).waitFor();
      const main = page.getByRole('main');
      await main.getByText(/reminder emails about the group payment “Dinner for 4”, organised by Aroha/).waitFor();
      await main.getByText('Still sent: your receipt, when you pay your share.').waitFor();
      await main.getByText(/Your invite link keeps working/).waitFor();
      await expectReadable(page, `unsubscribe-01-ask-${viewport.width}`);

      await page.getByRole('button', { name: 'Stop reminders' }).click();
      await page.getByRole('heading', { name: 'Reminders are off', level: 1 }).waitFor();
      await page
        .getByRole('status')
        .getByText(/no more reminder emails from Harbour Table about the group payment “Dinner for 4”/)
        .waitFor();
      await expectReadable(page, `unsubscribe-02-off-${viewport.width}`);

      await page.getByRole('button', { name: 'Turn reminders back on' }).click();
      await page.getByRole('heading', { name: 'Reminders are back on', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Stop reminders' }).waitFor();
      await expectReadable(page, `unsubscribe-03-on-${viewport.width}`);

      // Everything came from PaySplit itself, but the merchant's logo from its own address.
      const origin = new URL(server.baseUrl).origin;
      expect(requested.filter((url) => new URL(url).origin !== origin && url !== LOGO)).toEqual([]);
      expect(requested).toContain(LOGO);
      expect(errors).toEqual([]);
    });
  }

  it('says plainly that a cut-short link is not valid, in PaySplit’s colours, and changes nothing', async () => {
    const { page } = await payer({ width: 360, height: 740 });
    const response = await page.goto(unsubscribeUrl.slice(0, -5));
    expect(response?.status()).toBe(400);
    await page.getByRole('heading', { name: 'This link is not valid', level: 1 }).waitFor();
    expect(await page.getByRole('banner').innerText()).toBe('PaySplit');
    await expectReadable(page, 'unsubscribe-04-invalid-360');
    const [ben] = await server.query<{ unsubscribed: boolean }>(
      `select email_unsubscribed_at is not null as unsubscribed from participant where display_name = 'Ben'`,
    );
    expect(ben!.unsubscribed).toBe(false);
  });
});
