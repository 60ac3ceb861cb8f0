import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, collectConsoleErrors, openBrowser, overflowsSideways, screenshot } from './chromium.js';

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
    const errors = collectConsoleErrors(page);
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
    expect(requested.filter((url) => new URL(url).origin !== server.baseUrl && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${server.baseUrl}/api/v1/openapi.json`);
    expect(errors).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    it(`reads /docs at ${viewport.width} px without an axe violation, closed and open, and without scrolling sideways`, async () => {
      const reader = await openBrowser({ viewport });
      try {
        const { page } = reader;
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        const errors = collectConsoleErrors(page);
        await page.goto(`${server.baseUrl}/docs`);
        await page.getByText('Create a payment session', { exact: true }).first().waitFor({ timeout: 15_000 });
        const check = async (state: string) => {
          expect(await accessibilityViolations(page), `axe on /docs ${state} at ${viewport.width} px`).toEqual([]);
          expect(await overflowsSideways(page), `/docs ${state} at ${viewport.width} px scrolls sideways`).toBe(false);
        };
        await check('as it opens');

        // An operation open: its parameters, request body, example and responses.
        const createSession = page.locator('#operations-Sessions-createSession');
        await createSession.getByRole('button', { name: /Create a payment session/ }).click();
        await createSession.getByRole('heading', { name: 'Responses' }).waitFor();
        await check('with an operation open');
        await createSession.getByRole('tab', { name: 'Schema' }).first().click();
        await check('with a request schema shown');

        // A webhook open, and the schemas.
        const completed = page.locator('[id$="eventSERVICE_SESSION_COMPLETED"]');
        await completed.getByRole('button').first().click();
        await completed.getByRole('heading', { name: 'Request body' }).waitFor();
        const schemas = page.getByRole('button', { name: 'Schemas' });
        if ((await schemas.getAttribute('aria-expanded')) !== 'true') await schemas.click();
        await page.locator('.models').getByRole('button', { name: /Error/ }).first().waitFor();
        await check('with a webhook and the schemas open');
        await screenshot(page, `api-reference-open-${viewport.width}`);

        expect(requested.filter((url) => new URL(url).origin !== server.baseUrl && !url.startsWith('data:'))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await reader.close();
      }
    });
  }
});
