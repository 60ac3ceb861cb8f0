import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionResponseSchema } from '../src/rest/create-session.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// Creating an open group (docs/plans/open-groups.md §2) over real HTTP: its terms checked field by
// field, the integration able to give money back, the reply's joinUrl and figures, and what the
// join link shows to anyone holding it.

let server: TestServer;
let shop: CheckoutMerchant;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string };
let automatic: Integration;
let noRefundUrl: Integration;
let noCancelUrl: Integration;

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  shop = new CheckoutMerchant();
  await shop.start();
  const provision = (name: string, urls: { cancel?: boolean; refund?: boolean }) =>
    server.provision({
      name,
      partnerCreatePaymentUrl: shop.createPaymentUrl,
      partnerCancelUrl: urls.cancel ? shop.cancelUrl : undefined,
      partnerRefundUrl: urls.refund ? shop.refundUrl : undefined,
    });
  automatic = await provision('Group trips', { cancel: true, refund: true });
  noRefundUrl = await provision('No refund URL', { cancel: true });
  noCancelUrl = await provision('No cancel URL', { refund: true });
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await server?.close();
});

function create(integration: Integration, body: Record<string, unknown>) {
  return postJson<Record<string, any>>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, ...body },
    { 'x-service-api-key': integration.apiKey },
  );
}

async function sessionCount(): Promise<number> {
  const [row] = await server.query<{ count: string }>('select count(*) from session');
  return Number(row!.count);
}

const splitTotal = { minPlaces: 4, maxPlaces: 10, pricing: 'split_total' };

describe('creating an open group', () => {
  it('answers the join link and the group as it starts, split_total', async () => {
    const created = await create(automatic, {
      amountMinor: '100000',
      openGroup: { ...splitTotal, maxPlacesPerPayer: 3, organiserName: '  Ana  ', organiserEmail: 'ana@example.com' },
    });
    expect(created.status).toBe(200);
    expect(createSessionResponseSchema.parse(created.body)).toBeTruthy();
    const { sessionId, joinUrl, openGroup, participantIds, status, amountMinor } = created.body;
    expect(joinUrl).toMatch(new RegExp(`^${server.baseUrl}/pay/${sessionId}/join\\?code=[A-Za-z0-9_-]{43}$`));
    expect(joinUrl).not.toContain(created.body.hostToken);
    expect({ participantIds, status, amountMinor }).toEqual({ participantIds: [], status: 'open', amountMinor: '100000' });
    expect(openGroup).toEqual({
      pricing: 'split_total',
      minPlaces: 4,
      maxPlaces: 10,
      maxPlacesPerPayer: 3,
      pricePerPlaceMinor: '25000',
      maxPricePerPlaceMinor: '25000',
      finalPricePerPlaceMinor: null,
      placesSold: 0,
      placesReserved: 0,
      placesLeft: 10,
      tippedAt: null,
      fullAt: null,
      organiserName: 'Ana',
      joinUrl,
    });
    const stored = await server.query<{ join_code_hash: string }>('select join_code_hash from session where id = ?', [sessionId]);
    expect(stored[0]!.join_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(joinUrl).not.toContain(stored[0]!.join_code_hash);
  });

  it('prices a per_place group by its minimum and takes no amount', async () => {
    const created = await create(automatic, {
      currency: 'EUR',
      openGroup: { minPlaces: 3, maxPlaces: 5, pricing: 'per_place', pricePerPlaceMinor: '4500' },
    });
    expect(created.status).toBe(200);
    expect(created.body.amountMinor).toBe('13500');
    expect(created.body.openGroup).toMatchObject({ pricePerPlaceMinor: '4500', maxPricePerPlaceMinor: '4500', maxPlacesPerPayer: null });
  });

  it.each([
    ['a minimum of 0', { openGroup: { ...splitTotal, minPlaces: 0 }, amountMinor: '1000' }, 'openGroup.minPlaces'],
    ['more than 500 places', { openGroup: { ...splitTotal, maxPlaces: 501 }, amountMinor: '100000' }, 'openGroup.maxPlaces'],
    ['a maximum under the minimum', { openGroup: { ...splitTotal, maxPlaces: 3 }, amountMinor: '1000' }, 'openGroup.maxPlaces'],
    ['a cap over the maximum', { openGroup: { ...splitTotal, maxPlacesPerPayer: 11 }, amountMinor: '1000' }, 'openGroup.maxPlacesPerPayer'],
    [
      'a price with split_total',
      { openGroup: { ...splitTotal, pricePerPlaceMinor: '100' }, amountMinor: '1000' },
      'openGroup.pricePerPlaceMinor',
    ],
    ['split_total without an amount', { openGroup: splitTotal }, 'amountMinor'],
    ['a total under one unit a place', { openGroup: splitTotal, amountMinor: '9' }, 'amountMinor'],
    ['per_place without a price', { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place' } }, 'openGroup.pricePerPlaceMinor'],
    [
      'per_place with a zero price',
      { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place', pricePerPlaceMinor: '0' } },
      'openGroup.pricePerPlaceMinor',
    ],
    [
      'per_place with an amount',
      { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place', pricePerPlaceMinor: '100' }, amountMinor: '200' },
      'amountMinor',
    ],
    [
      'an organiser name of two lines',
      { openGroup: { ...splitTotal, organiserName: 'Ana\nB' }, amountMinor: '1000' },
      'openGroup.organiserName',
    ],
    [
      'an organiser email that is none',
      { openGroup: { ...splitTotal, organiserEmail: 'ana' }, amountMinor: '1000' },
      'openGroup.organiserEmail',
    ],
    ['participants', { openGroup: splitTotal, amountMinor: '1000', participants: [{ displayName: 'A' }] }, 'participants'],
    ['a split mode', { openGroup: splitTotal, amountMinor: '1000', splitMode: 'equal' }, 'splitMode'],
    ['unconfigured', { openGroup: splitTotal, amountMinor: '1000', unconfigured: false }, 'unconfigured'],
    ['an unknown pricing', { openGroup: { ...splitTotal, pricing: 'auction' }, amountMinor: '1000' }, 'openGroup.pricing'],
    ['a fractional minimum', { openGroup: { ...splitTotal, minPlaces: 1.5 }, amountMinor: '1000' }, 'openGroup.minPlaces'],
    ['an unknown field', { openGroup: { ...splitTotal, price: 1 }, amountMinor: '1000' }, 'openGroup'],
  ])('refuses %s with 400 VALIDATION_ERROR on its path, writing nothing', async (_name, body, path) => {
    const before = await sessionCount();
    const refused = await create(automatic, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect((refused.body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    expect(await sessionCount()).toBe(before);
  });

  it('needs an integration that can give money back, naming the setting', async () => {
    for (const [integration, setting] of [
      [noRefundUrl, 'partnerRefundUrl'],
      [noCancelUrl, 'partnerCancelUrl'],
    ] as const) {
      const refused = await create(integration, { amountMinor: '1000', openGroup: splitTotal });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'openGroup' }] });
      expect(refused.body.message).toContain(setting);
    }
  });

  it('shows the join page to the link, and nothing to a wrong code', async () => {
    const created = await create(automatic, { amountMinor: '90000', description: 'Ski trip', openGroup: splitTotal });
    const { sessionId, joinUrl } = created.body as { sessionId: string; joinUrl: string };
    const code = new URL(joinUrl).searchParams.get('code')!;
    const query = `query($sessionId: ID!, $code: String!) { openGroupInvitation(sessionId: $sessionId, code: $code) {
      sessionId status merchantName description currency captureMethod amountMinor
      openGroup { pricing minPlaces maxPlaces pricePerPlaceMinor placesLeft placesSold joinUrl } } }`;
    const anyone = new PayBrowser(server.baseUrl);
    const shown = await anyone.graphql(query, { sessionId, code });
    expect(shown.errors).toBeUndefined();
    expect(shown.data.openGroupInvitation).toEqual({
      sessionId,
      status: 'OPEN',
      merchantName: 'Group trips',
      description: 'Ski trip',
      currency: 'NZD',
      captureMethod: 'AUTOMATIC',
      amountMinor: '90000',
      openGroup: {
        pricing: 'SPLIT_TOTAL',
        minPlaces: 4,
        maxPlaces: 10,
        pricePerPlaceMinor: '22500',
        placesLeft: 10,
        placesSold: 0,
        joinUrl: null,
      },
    });
    const other = await create(automatic, { amountMinor: '90000', openGroup: splitTotal });
    const otherCode = new URL(other.body.joinUrl as string).searchParams.get('code')!;
    for (const variables of [
      { sessionId, code: otherCode },
      { sessionId, code: 'short' },
      { sessionId: other.body.sessionId, code },
    ]) {
      const refused = await anyone.graphql(query, variables);
      expect(refused.errors?.[0]?.extensions.code).toBe('SESSION_NOT_FOUND');
    }
  });
});
