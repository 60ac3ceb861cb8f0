import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, chromiumForFile, overflowsSideways, screenshot } from './chromium.js';

// Business time moves for the expiry screen; the rest of the test runs on real time.
let offsetMs = 0;
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
const person = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(Date.now() + offsetMs) });
  integration = await server.provision({ name: 'Screens' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function createSession(extra: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: '9000', ...extra },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

/** A phone (the screenshots people look at) and a laptop. */
const VIEWPORTS = [
  { width: 360, height: 740, prefix: '' },
  { width: 1280, height: 800, prefix: 'laptop-' },
] as const;

describe.each(VIEWPORTS)('pay app screens at $width × $height, each checked with axe-core', ({ width, height, prefix }) => {
  // A fresh profile for each screen, closed when its test ends (chromiumForFile).
  let browser: Browser;
  beforeEach(async () => {
    browser = await person({ viewport: { width, height } });
  });

  /** The screen is up, nothing scrolls sideways, and axe-core finds nothing (any impact). */
  async function expectScreen(name: string, heading: string | RegExp): Promise<void> {
    await browser.page.getByRole('heading', { name: heading }).first().waitFor();
    await screenshot(browser.page, `${prefix}${name}`);
    expect(await accessibilityViolations(browser.page), `axe on ${name}`).toEqual([]);
    expect(await overflowsSideways(browser.page), `sideways scroll on ${name}`).toBe(false);
  }

  it('serves the /session/{id} address shape, removes the token, and still works after a reload', async () => {
    const { sessionId, hostToken } = await createSession();
    const response = await browser.page.goto(`${server.baseUrl}/session/${sessionId}?host=1&hostToken=${hostToken}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    // The tab shows PaySplit's icon, served with the app's own files under its CSP.
    const icon = await browser.page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href);
    const iconResponse = await fetch(icon!);
    expect(iconResponse.status).toBe(200);
    expect(iconResponse.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    await expectScreen('10-unconfigured-session-shape', 'Who is paying');
    expect(browser.page.url()).not.toContain(hostToken);
    expect(await browser.page.getByText(/Everyone you add gets their own link/).count()).toBe(1);
    await browser.page.reload();
    await browser.page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    expect(browser.page.url()).not.toContain('hostToken');
  });

  it('shows the expired screen', async () => {
    const { sessionId, hostToken } = await createSession({ expiresInSeconds: 1800 });
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await expectScreen('11-expired', 'This payment has expired');
    offsetMs = 0;
  });

  it('shows the cancelled screen', async () => {
    const { sessionId, hostToken } = await createSession();
    await postJson(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}/cancel`, {}, { 'x-service-api-key': integration.apiKey });
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await expectScreen('12-cancelled', 'This payment was cancelled');
  });

  it('shows a clear screen for a link that is not valid', async () => {
    const { sessionId } = await createSession();
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?token=${'x'.repeat(43)}`);
    await browser.page.getByRole('link', { name: 'Get a sign-in link by email' }).waitFor();
    await expectScreen('13-link-invalid', /link/i);
  });

  it('shows a not-found screen for an unknown session', async () => {
    await browser.page.goto(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000?token=${'y'.repeat(43)}`);
    await expectScreen('14-not-found', /not found|find/i);
  });

  it('keeps AA contrast in dark mode and drops motion for people who ask for less', async () => {
    const { sessionId, hostToken } = await createSession();
    await browser.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    try {
      await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
      await browser.page.getByLabel('Your name').fill('Aroha');
      await browser.page.getByLabel('Name of participant 2').fill('Ben');
      await browser.page.getByRole('button', { name: 'Save split' }).click();
      await expectScreen('15-dark-host-invites', 'Pay and invite');
      const colours = await browser.page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('.page')!);
        return {
          background: style.backgroundColor,
          transition: getComputedStyle(document.querySelector('.progress-fill')!).transitionDuration,
        };
      });
      expect(colours.background).not.toBe('rgb(255, 255, 255)');
      expect(colours.transition).toBe('0s');
    } finally {
      await browser.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    }
  });
});
