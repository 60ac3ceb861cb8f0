import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { cutWords, inviteLinkOf, pageHeight, smallTargets, unlabelledFields } from './pay-pages.js';

/**
 * The host's page on a phone and a laptop: the set-up form and the group it becomes, one row per
 * person. Heights are the whole page as the host scrolls it.
 */
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
const newPerson = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer();
  integration = await server.provision({ name: 'Host page', displayName: 'Harbour Table' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const VIEWPORTS = [
  { width: 360, height: 740, prefix: '' },
  { width: 1280, height: 800, prefix: 'laptop-' },
] as const;

/** What testers asked of the phone: four people with one email within 1,100 px, seven within 1,700 px. */
const MAX_HEIGHT = { 4: 1100, 7: 1700 } as const;
const NAMES = ['Aroha', 'Ben', 'Caleb', 'Dana', 'Eru', 'Fetu', 'Grace'];

interface Host extends Browser {
  consoleErrors: string[];
  /** What the page handed the phone's share sheet. */
  shared: () => Promise<{ title: string; text: string; url: string }[]>;
}

/** What the eye reads on each button (the words for screen readers that follow are hidden). */
function shownWords(buttons: Locator): Promise<string[]> {
  return buttons.evaluateAll((elements) =>
    elements.map((element) =>
      Array.from(element.childNodes)
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );
}

async function newSession(description: string | null = 'Dinner for 4'): Promise<{ sessionId: string; hostToken: string }> {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: '48000', ...(description ? { description } : {}) },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

describe.each(VIEWPORTS)('the host’s page at $width × $height (Debian chromium)', ({ width, height, prefix }) => {
  async function host(): Promise<Host> {
    const browser = await newPerson({ viewport: { width, height } });
    // A phone's share sheet, as Android and iOS browsers have it; this chromium has none.
    await browser.context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { sharedLinks: calls });
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void calls.push(data), configurable: true });
    });
    return Object.assign(browser, {
      consoleErrors: collectConsoleErrors(browser.page),
      shared: () =>
        browser.page.evaluate(() => (window as unknown as { sharedLinks: { title: string; text: string; url: string }[] }).sharedLinks),
    });
  }

  /** Fits, reads and works for everyone: no sideways scroll, axe finds nothing, every target 44 px, every label shown. */
  async function expectScreen(page: Page, name: string): Promise<void> {
    await screenshot(page, `${prefix}${name}`);
    expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
    expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
    expect(await smallTargets(page), `targets under 44 × 44 px on ${name}`).toEqual([]);
    expect(await unlabelledFields(page), `fields without a label on screen on ${name}`).toEqual([]);
  }

  async function setUp(page: Page, people: number, sessionId: string, hostToken: string): Promise<void> {
    await page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    for (let n = 3; n <= people; n += 1) await page.getByRole('button', { name: 'Add participant' }).click();
    await page.getByLabel('Your name').fill(NAMES[0]!);
    for (let n = 2; n <= people; n += 1) await page.getByLabel(`Name of participant ${n}`, { exact: true }).fill(NAMES[n - 1]!);
    await page.getByLabel('Email of participant 2 (optional)').fill('ben@example.test');
  }

  it('four people with one email: the form and the group each fit in 1,100 px, ticked invite, the share text names shop, purchase and amount', async () => {
    const { sessionId, hostToken } = await newSession();
    const { page, consoleErrors, shared } = await host();
    await setUp(page, 4, sessionId, hostToken);

    // The invite is ticked the moment an address is there, and stays as the host leaves it.
    const invite = page.getByLabel('Send invite by email to participant 2');
    expect(await invite.isChecked()).toBe(true);
    await invite.uncheck();
    await page.getByLabel('Email of participant 2 (optional)').fill('ben@example.org');
    expect(await invite.isChecked()).toBe(false);
    await invite.check();
    await page.getByLabel('Email of participant 2 (optional)').fill('ben@example.test');
    expect(await invite.isChecked()).toBe(true);

    expect(await pageHeight(page), 'set-up page with four people').toBeLessThanOrEqual(MAX_HEIGHT[4]);
    await expectScreen(page, 'host-01-set-up-four');

    await page.getByRole('button', { name: 'Save split' }).click();
    await page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    const group = page.getByRole('list', { name: 'Your group' });
    await group.getByText('Invite sent').waitFor();
    expect(await pageHeight(page), 'the host’s group of four').toBeLessThanOrEqual(MAX_HEIGHT[4]);
    await expectScreen(page, 'host-02-group-of-four');

    // One row each: name, share, status, and Share / Copy / QR (and Remind for the one with an email).
    const ben = group.getByRole('listitem').filter({ hasText: 'Ben' });
    expect(await ben.innerText()).toMatch(/^Ben\s+Waiting\s+Invite sent\s+NZ\$120\.00\s/);
    expect(await shownWords(ben.getByRole('button'))).toEqual(['Share', 'Copy', 'QR', 'Remind']);
    const caleb = group.getByRole('listitem').filter({ hasText: 'Caleb' });
    expect(await shownWords(caleb.getByRole('button'))).toEqual(['Share', 'Copy', 'QR']);

    await ben.getByRole('button', { name: 'Share Ben’s link' }).click();
    const benLink = await inviteLinkOf(page, 'Ben');
    expect(benLink).toContain(`/pay/${sessionId}?token=`);
    await expect.poll(shared).toEqual([
      {
        title: 'Your NZ$120.00 share at Harbour Table',
        text: 'Aroha asked you to pay NZ$120.00, your share of Dinner for 4 at Harbour Table.',
        url: benLink,
      },
    ]);

    // The QR code and the link itself, open under Caleb's row.
    await caleb.getByRole('button', { name: 'QR code and link for Caleb' }).click();
    await page.getByRole('img', { name: 'QR code of the link for Caleb' }).waitFor();
    await expectScreen(page, 'host-03-qr-code');
    expect(consoleErrors).toEqual([]);
  });

  it('seven people: the form and the group each fit in 1,700 px', async () => {
    const { sessionId, hostToken } = await newSession();
    const { page, consoleErrors } = await host();
    await setUp(page, 7, sessionId, hostToken);
    expect(await pageHeight(page), 'set-up page with seven people').toBeLessThanOrEqual(MAX_HEIGHT[7]);
    await expectScreen(page, 'host-04-set-up-seven');
    await page.getByRole('button', { name: 'Save split' }).click();
    await page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    expect(await pageHeight(page), 'the host’s group of seven').toBeLessThanOrEqual(MAX_HEIGHT[7]);
    await expectScreen(page, 'host-05-group-of-seven');
    expect(consoleErrors).toEqual([]);
  });

  it('switching modes keeps the split: amounts become percentages and shares, and come back as typed', async () => {
    const { sessionId, hostToken } = await newSession();
    const { page, consoleErrors } = await host();
    await setUp(page, 3, sessionId, hostToken);
    const values = (label: string) =>
      Promise.all([1, 2, 3].map((n) => page.getByLabel(`${label} for participant ${n}`, { exact: true }).inputValue()));

    await page.getByRole('radio', { name: 'By amount' }).check();
    expect(await values('Amount')).toEqual(['160.00', '160.00', '160.00']);
    await page.getByLabel('Amount for participant 1', { exact: true }).fill('200');
    await page.getByLabel('Amount for participant 2', { exact: true }).fill('150');
    await page.getByLabel('Amount for participant 3', { exact: true }).fill('130');
    await page.getByText('All NZ$480.00 assigned').waitFor();

    await page.getByRole('radio', { name: 'By percent' }).check();
    expect(await values('Percent')).toEqual(['41.67', '31.25', '27.08']);
    await page.getByText('All 100 % assigned').waitFor();
    await expectScreen(page, 'host-06-by-percent');

    await page.getByRole('radio', { name: 'By shares' }).check();
    expect(await values('Shares')).toEqual(['20', '15', '13']);

    await page.getByRole('radio', { name: 'By amount' }).check();
    expect(await values('Amount')).toEqual(['200', '150', '130']);
    expect(consoleErrors).toEqual([]);
  });

  it('a set-up that cannot be saved says so under each field, and Save takes the host to the first problem', async () => {
    const { sessionId, hostToken } = await newSession();
    const { page, consoleErrors } = await host();
    await setUp(page, 3, sessionId, hostToken);
    await page.getByLabel('Email of participant 2 (optional)').fill('ben@example');
    await page.getByLabel('Name of participant 3', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save split' }).click();
    await page.getByText('Enter a name').waitFor();
    await page.getByText('Enter an email address such as name@example.com').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await page.getByRole('heading', { name: 'Pay and invite' }).count()).toBe(0);
    await expectScreen(page, 'host-09-cannot-save');
    expect(consoleErrors).toEqual([]);
  });

  it('long names wrap between words on the form’s shares and in the group, never inside one, never past the edge', async () => {
    const { sessionId, hostToken } = await newSession(null);
    const { page, consoleErrors, shared } = await host();
    const long = 'Maximilian Alexander Featherstonehaugh-Smythe';
    await page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await page.getByLabel('Your name').fill('Te Aroha Whakarongotai Ngata-Montgomery');
    await page.getByLabel('Name of participant 2', { exact: true }).fill(long);
    await page.getByRole('button', { name: 'Save split' }).click();
    const group = page.getByRole('list', { name: 'Your group' });
    await group.locator('.person-name', { hasText: long }).waitFor();
    expect(await cutWords(page, '.person-name, .roster-name, .merchant-line')).toEqual([]);
    await expectScreen(page, 'host-07-long-names');

    // Without a description the message still says where and how much.
    await page.getByRole('button', { name: `Share ${long}’s link` }).click();
    await expect
      .poll(async () => (await shared()).map((call) => call.text))
      .toEqual(['Te Aroha Whakarongotai Ngata-Montgomery asked you to pay NZ$240.00, your share at Harbour Table.']);

    // The payer sees the same names whole.
    const payer = await newPerson({ viewport: { width, height } });
    await payer.page.goto(await inviteLinkOf(page, long));
    await payer.page.getByRole('heading', { name: 'Pay your share' }).waitFor();
    expect(await cutWords(payer.page, '.person-name, .eyebrow, .lead')).toEqual([]);
    expect(await overflowsSideways(payer.page)).toBe(false);
    await screenshot(payer.page, `${prefix}host-08-long-names-payer`);
    expect(consoleErrors).toEqual([]);
  });
});
