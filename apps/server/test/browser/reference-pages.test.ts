import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type Browser, openBrowser, screenshot } from './chromium.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the start page and the API reference', () => {
  it('answers / with a page that says what this is and links onwards', async () => {
    const { page } = browser;
    const response = await page.goto(`${server.baseUrl}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('PaySplit');
    const links = await page.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/docs', '/admin', '/api/v1/openapi.json']));
  });

  it('has an icon, at /favicon.ico too, that a browser draws', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/`);
    const sizes = await page.evaluate(async () =>
      Promise.all(
        ['/favicon.ico', '/favicon.svg'].map(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return image.naturalWidth;
        }),
      ),
    );
    expect(sizes.every((width) => width > 0)).toBe(true);
  });

  it('renders /docs from the OpenAPI document, webhooks included, with no request leaving the machine', async () => {
    const { page } = browser;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const response = await page.goto(`${server.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    // The operations and the webhooks section are rendered from /api/v1/openapi.json.
    await page.getByText('Create a payment session', { exact: true }).first().waitFor({ timeout: 15_000 });
    await page.getByText('Webhooks', { exact: true }).first().waitFor();
    await page.getByText('SERVICE_SESSION_COMPLETED').first().waitFor();
    await expect(page.getByText('partnerCreatePayment').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.opblock-deprecated').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'api-reference');

    expect(requested.length).toBeGreaterThan(3);
    const origin = new URL(server.baseUrl);
    for (const url of requested) {
      const parsed = new URL(url);
      if (parsed.protocol === 'data:') continue;
      expect(['localhost', '127.0.0.1', '[::1]'], url).toContain(parsed.hostname);
      expect(parsed.port, url).toBe(origin.port);
    }
    expect(requested).toContain(`${server.baseUrl}/api/v1/openapi.json`);
  });
});
