import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { type Browser, openBrowser, screenshot, seriousAccessibilityViolations } from './chromium.js';

// Business time moves for the expiry screen; the rest of the test runs on real time.
let offsetMs = 0;
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(Date.now() + offsetMs) });
  integration = await server.provision({ name: 'Screens' });
  browser = await openBrowser({ viewport: { width: 360, height: 740 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
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

async function expectScreen(name: string, heading: string | RegExp): Promise<void> {
  await browser.page.getByRole('heading', { name: heading }).first().waitFor();
  await screenshot(browser.page, name);
  expect(await seriousAccessibilityViolations(browser.page), `axe on ${name}`).toEqual([]);
  // 360 px wide phones: nothing scrolls sideways.
  expect(await browser.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('pay app screens at 360 px, each checked with axe-core', () => {
  it('serves the /session/{id} address shape, removes the token, and still works after a reload', async () => {
    const { sessionId, hostToken } = await createSession();
    const response = await browser.page.goto(`${server.baseUrl}/session/${sessionId}?host=1&hostToken=${hostToken}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expectScreen('10-unconfigured-session-shape', 'Who is paying');
    expect(browser.page.url()).not.toContain(hostToken);
    expect(await browser.page.getByText(/set up the split before|before inviting/i).count()).toBeGreaterThan(0);
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
    await browser.page.getByText('This link is not valid or has expired — ask the organiser for a new link.').waitFor();
    await expectScreen('13-link-invalid', /link/i);
  });

  it('shows a not-found screen for an unknown session', async () => {
    await browser.page.goto(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000?token=${'y'.repeat(43)}`);
    await expectScreen('14-not-found', /not found|find/i);
  });
});
