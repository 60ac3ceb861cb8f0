import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout, type CreatedCheckout } from './support/checkouts.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

// The processor's clock runs with the system's, moved forward by a test when it needs time to pass.
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant({ now });
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await merchant?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface CheckoutState {
  status: string;
  captureMethod: string;
  holdExpiresAt: string | null;
  capturedAt: string | null;
  releasedAt: string | null;
  releaseReason: string | null;
  captures: { status: string; failureCode: string | null }[];
}

async function checkoutState(id: string, base = merchant.baseUrl): Promise<CheckoutState> {
  const response = await fetch(`${base}/processor/api/checkouts/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CheckoutState;
}

/** An authorize-only checkout, paid with `card` at the hosted page: a hold. */
async function heldCheckout(card = '4242 4242 4242 4242', amountMinor = '12000'): Promise<CreatedCheckout> {
  const checkout = await createCheckout(merchant.baseUrl, { captureMethod: 'manual', amountMinor });
  const paid = await postForm(`${checkout.url}/pay`, { cardNumber: card, expiry: '12/39', cvc: '123' });
  expect(paid.status).toBe(303);
  expect(new URL(paid.headers.get('location')!).searchParams.get('checkout_id')).toBe(checkout.id);
  return checkout;
}

function call(id: string, action: 'capture' | 'cancel' | 'expire', key?: string, base = merchant.baseUrl): Promise<Response> {
  return fetch(`${base}/processor/api/checkouts/${id}/${action}`, {
    method: 'POST',
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

async function answerOf(response: Response): Promise<{ status: number; body: string; replayed: string | null }> {
  return { status: response.status, body: await response.text(), replayed: response.headers.get('idempotent-replayed') };
}

async function captureRows(checkoutId: string): Promise<{ status: string }[]> {
  const { rows } = await merchant.pool.query('select status from merchant_demo.processor_capture where checkout_id = $1', [checkoutId]);
  return rows as { status: string }[];
}

describe('an authorize-only checkout', () => {
  it('places a hold when paid: authorized for 7 days, nothing charged, not refundable, and its page says so', async () => {
    const before = now().getTime();
    const checkout = await heldCheckout();
    const state = await checkoutState(checkout.id);
    expect(state).toMatchObject({ status: 'authorized', captureMethod: 'manual', capturedAt: null, releasedAt: null, captures: [] });
    const lifetime = Date.parse(state.holdExpiresAt!) - before;
    expect(lifetime).toBeGreaterThanOrEqual(7 * DAY);
    expect(lifetime).toBeLessThan(7 * DAY + MINUTE);

    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<h1>Amount held</h1>');
    expect(text).toContain('NZ$120.00 is held on the card ending 4242. Nothing has been charged yet.');
    // Paying again (the back button) just continues to the merchant; the hold stays one hold.
    expect((await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
    expect((await checkoutState(checkout.id)).status).toBe('authorized');

    const refund = await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkout.id}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountMinor: '100' }),
    });
    expect(await refund.json()).toMatchObject({
      status: 'failed',
      failureReason: 'the amount is only held, not captured: cancel the hold to release it',
    });
  });

  it('shows the hold and every test card on its form; a charge-at-once checkout keeps its two cards', async () => {
    const page = await (await fetch((await createCheckout(merchant.baseUrl, { captureMethod: 'manual' })).url)).text();
    const manual = page.replace(/\s+/g, ' ');
    expect(manual).toContain('Paying places a hold of NZ$120.00 on your card.');
    expect(manual).toContain(
      'Test cards: 4242 4242 4242 4242 is held, 4000 0000 0000 0002 is declined, 4000 0000 0000 0101 is held for a minute only, 4000 0000 0000 0341 is held but its capture is declined',
    );
    const automatic = await (await fetch((await createCheckout(merchant.baseUrl)).url)).text();
    expect(automatic).not.toContain('data-hold-notice');
    expect(automatic).toContain('Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined</p>');
  });
});

describe('capturing a hold', () => {
  it('takes the full amount once: the same key gets the saved answer back, another key is refused', async () => {
    const checkout = await heldCheckout('4242 4242 4242 4242', '15050');
    const first = await answerOf(await call(checkout.id, 'capture', 'capture-key-1'));
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    const capture = JSON.parse(first.body) as { id: string; status: string; amountMinor: string; checkout: CheckoutState };
    expect(capture).toMatchObject({ status: 'succeeded', amountMinor: '15050', currency: 'NZD', failureCode: null });
    expect(capture.id).toMatch(/^cap_test_[a-f0-9]+$/);
    expect(capture.checkout).toMatchObject({ status: 'succeeded', captures: [{ status: 'succeeded' }] });
    expect(capture.checkout.capturedAt).not.toBeNull();

    const again = await answerOf(await call(checkout.id, 'capture', 'capture-key-1'));
    expect(again).toEqual({ status: 200, body: first.body, replayed: 'true' });
    const other = await call(checkout.id, 'capture', 'capture-key-2');
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: 'already_captured', checkout: { status: 'succeeded' } });
    expect(await captureRows(checkout.id)).toEqual([{ status: 'succeeded' }]);

    // Captured money is money taken: it is refunded, not cancelled.
    const cancel = await call(checkout.id, 'cancel', 'cancel-after-capture');
    expect(cancel.status).toBe(409);
    expect(await cancel.json()).toMatchObject({ error: 'checkout_already_paid', checkout: { status: 'succeeded' } });
    const refund = await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkout.id}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountMinor: '15050' }),
    });
    expect(await refund.json()).toMatchObject({ status: 'succeeded' });
    expect((await fetch(checkout.url).then((page) => page.text())).includes('Payment complete')).toBe(true);
  });

  it('captures once under concurrent requests: the same key five times gives one answer, five keys one capture', async () => {
    const sameKey = await heldCheckout();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(sameKey.id, 'capture', 'racing-key').then(answerOf)));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect(await captureRows(sameKey.id)).toEqual([{ status: 'succeeded' }]);

    const manyKeys = await heldCheckout();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => call(manyKeys.id, 'capture', `key-${index}`).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await captureRows(manyKeys.id)).toEqual([{ status: 'succeeded' }]);
  });

  it('takes less than the hold when asked (the rest released with it), never more; only what was taken can be refunded', async () => {
    const checkout = await heldCheckout('4242 4242 4242 4242', '12000');
    const capture = (body: unknown, key: string) =>
      fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkout.id}/capture`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
    const tooMuch = await capture({ amountMinor: '12001' }, 'capture-too-much');
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ error: 'amount_exceeds_hold', checkout: { status: 'authorized', captures: [] } });
    for (const bad of [{ amountMinor: '0' }, { amountMinor: 9000 }, { amountMinor: '-5' }, { amount: '9000' }]) {
      expect((await capture(bad, `capture-bad-${JSON.stringify(bad)}`)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await captureRows(checkout.id)).toEqual([]);

    const taken = await capture({ amountMinor: '9000' }, 'capture-part');
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({
      status: 'succeeded',
      amountMinor: '9000',
      checkout: {
        status: 'succeeded',
        amountMinor: '12000',
        capturedMinor: '9000',
        captures: [{ status: 'succeeded', amountMinor: '9000' }],
      },
    });
    // The page says what was charged, and that the rest of the hold went back.
    const page = (await (await fetch(checkout.url)).text()).replace(/\s+/g, ' ');
    expect(page).toContain('NZ$90.00 was paid with the card ending 4242.');
    expect(page).toContain('NZ$120.00 was held; the other NZ$30.00 of the hold was released.');

    const refund = (amountMinor: string) =>
      fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkout.id}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amountMinor }),
      }).then((response) => response.json());
    expect(await refund('9001')).toMatchObject({ status: 'failed', failureReason: 'the amount is more than what is left of the charge' });
    expect(await refund('9000')).toMatchObject({ status: 'succeeded' });
  });

  it('refuses to capture what was never held (an open checkout) or was taken already (a charge)', async () => {
    const open = await createCheckout(merchant.baseUrl, { captureMethod: 'manual' });
    const refused = await call(open.id, 'capture', 'capture-open');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'checkout_not_authorized', checkout: { status: 'open' } });

    const charged = await createCheckout(merchant.baseUrl);
    expect((await postForm(`${charged.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
    const capture = await call(charged.id, 'capture', 'capture-charged');
    expect(capture.status).toBe(409);
    expect(await capture.json()).toMatchObject({
      error: 'already_captured',
      checkout: { status: 'succeeded', captureMethod: 'automatic' },
    });
    expect(await captureRows(open.id)).toEqual([]);
  });
});

describe('cancelling', () => {
  it('releases a hold, which then cannot be captured; the same key answers the same, also when racing', async () => {
    const checkout = await heldCheckout();
    const answers = await Promise.all([1, 2, 3].map(() => call(checkout.id, 'cancel', 'cancel-hold').then(answerOf)));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ status: 'released', releaseReason: 'cancelled', capturedAt: null });
    const { releasedAt } = await checkoutState(checkout.id);

    const capture = await call(checkout.id, 'capture', 'capture-released');
    expect(capture.status).toBe(200);
    expect(await capture.json()).toMatchObject({
      status: 'failed',
      failureCode: 'hold_released',
      failureReason: 'the hold was released before it was captured; nothing was charged',
      checkout: { status: 'released' },
    });
    // Another cancel finds it released already: as it is, released once.
    const again = await call(checkout.id, 'cancel', 'cancel-hold-again');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'released', releasedAt });

    const page = await fetch(checkout.url);
    expect(await page.text()).toContain('The hold of NZ$120.00 on the card ending 4242 was released. Nothing was charged.');
    const paying = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' });
    expect(paying.status).toBe(409);
    expect((await checkoutState(checkout.id)).status).toBe('released');
  });

  it('expires a checkout still open, so it can no longer be paid; the plain expire call refuses a hold', async () => {
    const open = await createCheckout(merchant.baseUrl, { captureMethod: 'manual' });
    const cancelled = await call(open.id, 'cancel', 'cancel-open');
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'expired', releasedAt: null });
    expect((await postForm(`${open.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(410);

    const held = await heldCheckout();
    const expire = await call(held.id, 'expire');
    expect(expire.status).toBe(409);
    expect(await expire.json()).toMatchObject({ error: 'checkout_authorized', checkout: { status: 'authorized' } });
  });

  it('refuses a key already used for another request or checkout, and does nothing', async () => {
    const held = await heldCheckout();
    const other = await heldCheckout();
    expect((await call(held.id, 'capture', 'one-use-key')).status).toBe(200);
    const reusedForCancel = await call(held.id, 'cancel', 'one-use-key');
    expect(reusedForCancel.status).toBe(422);
    expect(await reusedForCancel.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect((await call(other.id, 'capture', 'one-use-key')).status).toBe(422);
    expect((await checkoutState(other.id)).status).toBe('authorized');
    expect((await call(other.id, 'capture', 'x'.repeat(256))).status).toBe(400);
    expect((await call('cs_test_nothere', 'capture', 'unknown-checkout')).status).toBe(404);
    expect((await call('not-a-checkout', 'cancel', 'unknown-checkout')).status).toBe(404);
  });
});

describe('the hold test cards', () => {
  it('4000 0000 0000 0101 holds for a minute only: then it has lapsed, and a capture says so', async () => {
    const checkout = await heldCheckout('4000 0000 0000 0101');
    const { holdExpiresAt } = await checkoutState(checkout.id);
    expect(Date.parse(holdExpiresAt!) - Date.now()).toBeLessThanOrEqual(MINUTE);
    expect(Date.parse(holdExpiresAt!) - Date.now()).toBeGreaterThan(MINUTE - 30_000);

    clockOffsetMs = Date.parse(holdExpiresAt!) - Date.now() - 1_000;
    expect((await checkoutState(checkout.id)).status).toBe('authorized');
    clockOffsetMs += 2_000;
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'released', releaseReason: 'expired', releasedAt: holdExpiresAt });
    const capture = await call(checkout.id, 'capture', 'capture-lapsed');
    expect(capture.status).toBe(200);
    expect(await capture.json()).toMatchObject({
      status: 'failed',
      failureCode: 'hold_expired',
      failureReason: 'the hold expired before it was captured; nothing was charged',
    });
    const cancel = await call(checkout.id, 'cancel', 'cancel-lapsed');
    expect(await cancel.json()).toMatchObject({ status: 'released', releaseReason: 'expired' });
    expect(await (await fetch(checkout.url)).text()).toContain('The hold expired on');
  });

  it('4000 0000 0000 0341 is held, but every capture of it is declined and the hold stays; charged at once it is declined', async () => {
    const checkout = await heldCheckout('4000 0000 0000 0341');
    for (const key of ['declined-capture-1', 'declined-capture-2']) {
      const capture = await call(checkout.id, 'capture', key);
      expect(capture.status).toBe(200);
      expect(await capture.json()).toMatchObject({
        status: 'failed',
        failureCode: 'capture_declined',
        failureReason: 'the card issuer declined the capture; nothing was charged',
        checkout: { status: 'authorized' },
      });
    }
    expect(await captureRows(checkout.id)).toEqual([{ status: 'failed' }, { status: 'failed' }]);
    expect(await (await call(checkout.id, 'cancel', 'release-declined')).json()).toMatchObject({ status: 'released' });

    const automatic = await createCheckout(merchant.baseUrl);
    expect((await postForm(`${automatic.url}/pay`, { cardNumber: '4000000000000341' })).status).toBe(402);
  });
});

describe('hold state', () => {
  it('is kept in the database: another start of the processor finds the hold and replays its saved answers', async () => {
    const checkout = await heldCheckout();
    const first = await answerOf(await call(checkout.id, 'capture', 'before-restart'));
    const held = await heldCheckout();
    const before = await checkoutState(held.id);

    const restarted = await startMerchant({ databaseUrl: merchant.config.databaseUrl });
    try {
      expect(await answerOf(await call(checkout.id, 'capture', 'before-restart', restarted.baseUrl))).toEqual({
        ...first,
        replayed: 'true',
      });
      expect(await checkoutState(held.id, restarted.baseUrl)).toEqual(before);
      expect((await call(held.id, 'capture', 'after-restart', restarted.baseUrl)).status).toBe(200);
    } finally {
      await restarted.close();
    }
    expect((await checkoutState(held.id)).status).toBe('succeeded');
  });
});
