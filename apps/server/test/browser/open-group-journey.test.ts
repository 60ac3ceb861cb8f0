import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { smallTargets } from './pay-pages.js';
import { payAtCheckout } from './test-processor.js';

/**
 * An open group as its people see it, at 360 × 740 in one chromium: the reference merchant (each
 * place held at its test processor, captured at the end) opens a group of NZ$600.00 shared by 4
 * to 10 places; six people join from the link on their own phones and pay at the checkout; the
 * organiser's page, open all along, shows each join, the tipping and the falling price without a
 * reload; the deadline (moved with the session's test clock) ends it at the final price.
 */
let server: TestServer;
let merchant: ReferenceMerchant;
const newPerson = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server, { captureMethod: 'manual' });
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

const PHONE = { width: 360, height: 740 } as const;
const DAY = 86_400;

interface Person extends Browser {
  consoleErrors: string[];
}

async function person(): Promise<Person> {
  const browser = await newPerson({ viewport: PHONE, timezoneId: 'Pacific/Auckland' });
  return Object.assign(browser, { consoleErrors: collectConsoleErrors(browser.page) });
}

/** What every person would notice: nothing wider than the phone, no target under 44 px, axe finds nothing (any impact). */
async function expectScreen(who: Browser, name: string): Promise<void> {
  await screenshot(who.page, name);
  expect(await overflowsSideways(who.page), `sideways scroll on ${name}`).toBe(false);
  expect(await smallTargets(who.page), `small targets on ${name}`).toEqual([]);
  expect(await accessibilityViolations(who.page), `axe on ${name}`).toEqual([]);
}

async function createGroup(): Promise<{ sessionId: string; hostToken: string; joinUrl: string }> {
  const created = await postJson<{ sessionId: string; hostToken: string; joinUrl: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: merchant.integrationId,
      amountMinor: '60000',
      currency: 'NZD',
      description: 'Kayak trip to Rangitoto',
      expiresInSeconds: DAY,
      openGroup: { pricing: 'split_total', minPlaces: 4, maxPlaces: 10, maxPlacesPerPayer: 3, organiserName: 'Aroha' },
    },
    { 'x-service-api-key': merchant.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

/** One person's whole join: the link, the form, the merchant's checkout, and back on their own page. */
async function join(joinUrl: string, sessionId: string, name: string, button: string, screen?: string): Promise<Person> {
  const joiner = await person();
  await joiner.page.goto(joinUrl);
  await joiner.page.getByRole('heading', { name: 'Join the group' }).waitFor();
  await joiner.page.getByLabel('Your name').fill(name);
  await joiner.page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  if (screen) await expectScreen(joiner, screen);
  await joiner.page.getByRole('button', { name: button, exact: true }).click();
  await joiner.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
  await payAtCheckout(joiner.page);
  await joiner.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
  await joiner.page.getByText('Payment received — thanks!').waitFor();
  return joiner;
}

describe('an open group in a real browser (Debian chromium) at 360 × 740', () => {
  it('six join from the link and pay, the organiser watches each join and the tipping live, the deadline ends it at the final price', async () => {
    const { sessionId, hostToken, joinUrl } = await createGroup();
    expect(joinUrl).toMatch(new RegExp(`/pay/${sessionId}/join\\?code=`));

    // The organiser opens their page once and keeps it open: everything after arrives live.
    const organiser = await person();
    await organiser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await organiser.page.getByRole('heading', { name: 'Your group is filling up' }).waitFor();
    await organiser.page.evaluate(() => ((window as unknown as { openedOnce: boolean }).openedOnce = true));
    expect(await organiser.page.getByLabel('Join link', { exact: true }).inputValue()).toBe(joinUrl);
    await expectScreen(organiser, '21-organiser-open-group');
    const organiserSees = (text: string | RegExp) =>
      expect.poll(() => organiser.page.locator('main').innerText(), { timeout: 10_000 }).toMatch(text);

    // What Mere reads before paying: the group, its price now and at most, places, the minimum,
    // the deadline, and that her card is only held until the group goes ahead.
    const mere = await join(joinUrl, sessionId, 'Mere', 'Join and pay NZ$150.00', '22-join-page');
    const promise = await mere.page.goto(joinUrl).then(() => mere.page.getByTestId('group-promise').innerText());
    expect(promise).toMatch(
      /^Your card is held now, and charged only if the group goes ahead: at least 4 places by .+\. If it doesn’t, the hold is released and nothing is charged\./,
    );
    // Back on the link on the same phone: told she joined, not offered a second claim unawares.
    await mere.page.getByTestId('joined-here').waitFor();
    await mere.page.goto(`${server.baseUrl}/pay/${sessionId}`);
    await mere.page.getByRole('heading', { name: 'You’re in' }).waitFor();
    expect(await mere.page.getByTestId('group-payer-lead').innerText()).toBe(
      'NZ$150.00 is held on your card for your place. It’s charged only if the group goes ahead; if it doesn’t, the hold is released.',
    );
    await expectScreen(mere, '23-payer-in-open-group');
    await organiserSees(/Mere\s+Held\s+1 place\s+NZ\$150\.00/);

    for (const name of ['Ben', 'Caleb']) {
      const joiner = await join(joinUrl, sessionId, name, 'Join and pay NZ$150.00');
      await joiner.close();
      await organiserSees(new RegExp(`${name}\\s+Held`));
    }
    expect(await organiser.page.getByRole('heading', { level: 1 }).innerText()).toBe('Your group is filling up');

    // The fourth place tips it: the organiser's page says so without a reload.
    const dana = await join(joinUrl, sessionId, 'Dana', 'Join and pay NZ$150.00');
    await dana.page.getByRole('heading', { name: 'It’s on: the group is going ahead' }).waitFor();
    await dana.close();
    await organiser.page.getByRole('heading', { name: 'It’s on: the group is going ahead' }).waitFor({ timeout: 10_000 });
    await organiserSees('It’s on: the group goes ahead with 4 places taken');
    // Mere's page, open since she paid, moved on too.
    await mere.page.getByRole('heading', { name: 'It’s on: the group is going ahead' }).waitFor({ timeout: 10_000 });

    // Once it tipped, each new place is sure to be sold: the price falls as people join.
    for (const [name, price] of [
      ['Eru', 'NZ$120.00'],
      ['Fran', 'NZ$100.00'],
    ] as const) {
      const joiner = await join(joinUrl, sessionId, name, `Join and pay ${price}`);
      await joiner.close();
    }
    await organiserSees(/Per place now\s+NZ\$85\.72/);
    await organiserSees('6 of 10 places taken');
    await expectScreen(organiser, '24-organiser-tipped-live');

    // The deadline, moved with the session's test clock: every hold is captured at NZ$100.00 a place.
    const advanced = await postJson<{ status: string }>(
      `${server.baseUrl}/api/v1/payments/sessions/${sessionId}/test-clock/advance`,
      { seconds: DAY + 60 },
      { 'x-service-api-key': merchant.apiKey },
    );
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    await organiser.page.getByRole('heading', { name: 'The group went ahead' }).waitFor({ timeout: 20_000 });
    expect(await organiser.page.getByTestId('group-host-lead').innerText()).toBe(
      'The final price was NZ$100.00 a place, NZ$600.00 in all, for 6 places.',
    );
    await expectScreen(organiser, '25-organiser-group-went-ahead');
    await mere.page.getByRole('heading', { name: 'The group went ahead' }).waitFor({ timeout: 10_000 });
    expect(await mere.page.getByTestId('group-payer-lead').innerText()).toBe(
      'The final price was NZ$100.00 a place: your card was charged NZ$100.00 for your place, and the rest of the hold (NZ$50.00) was released.',
    );
    await expectScreen(mere, '26-payer-group-went-ahead');
    expect(await organiser.page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true);

    // The link opened after the end: a clear closed page, no form.
    const late = await person();
    await late.page.goto(joinUrl);
    await late.page.getByRole('heading', { name: 'The group is closed' }).waitFor();
    expect(await late.page.getByRole('button', { name: /^Join and pay/ }).count()).toBe(0);
    await expectScreen(late, '27-join-page-closed');

    // What the people were told is what happened: six holds, each captured at the final price.
    const payments = await server.query<{ status: string; amount_minor: string }>(
      `select status, amount_minor::text from payment where session_id = ? order by created_at`,
      [sessionId],
    );
    expect(payments).toEqual(Array(6).fill({ status: 'captured', amount_minor: '10000' }));
    for (const someone of [organiser, mere, late]) expect(someone.consoleErrors).toEqual([]);
  }, 120_000);
});
