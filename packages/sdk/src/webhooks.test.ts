import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  PaySplitPayloadError,
  SignatureVerificationError,
  createSignedHeaders,
  isEventType,
  partner,
  webhooks,
  type PaySplitEvent,
} from './index.js';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

function completedEvent(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    type: 'SERVICE_SESSION_COMPLETED',
    createdAt: '2030-01-01T00:00:00.000Z',
    mode: 'test',
    sessionId: randomUUID(),
    sessionVersion: 4,
    orderReference: 'order-7',
    amountMinor: '12050',
    currency: 'NZD',
    completedAt: '2030-01-01T00:00:00.000Z',
    metadata: { bookingId: 'b-1' },
    payments: [
      { paymentId: randomUUID(), participantId: randomUUID(), amountMinor: '6025', processorReference: 'pi_1' },
      { paymentId: randomUUID(), participantId: randomUUID(), amountMinor: '6025', processorReference: null },
    ],
    ...overrides,
  };
}

function partnerPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.payment.create',
    paymentId: randomUUID(),
    sessionId: randomUUID(),
    participantId: randomUUID(),
    payerRole: 'host',
    amountMinor: '6025',
    amount: '60.25',
    currency: 'NZD',
    mode: 'test',
    orderReference: null,
    metadata: {},
    cancelReturnUrl: 'http://localhost:3000/pay/s?cancelled=1',
    ...overrides,
  };
}

/** Signs like PaySplit does: the reference library, over the exact body, with the given id. */
function deliver(payload: unknown, id: string, secret = SECRET) {
  const body = JSON.stringify(payload);
  const timestamp = new Date();
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  };
  return { body, headers };
}

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('webhooks.verify', () => {
  it('returns a completed event signed by a Standard Webhooks sender', () => {
    const event = completedEvent();
    const { body, headers } = deliver(event, event.eventId);

    const verified = webhooks.verify(Buffer.from(body), headers, SECRET);

    expect(verified).toEqual(event);
    if (!isEventType(verified, 'SERVICE_SESSION_COMPLETED')) throw new Error('expected a completed event');
    expect(verified.payments.map((p) => p.amountMinor)).toEqual(['6025', '6025']);
  });

  it('passes other event types through with their envelope', () => {
    const event = {
      eventId: randomUUID(),
      type: 'SERVICE_SESSION_SOMETHING_NEW',
      createdAt: '2030-01-01T00:00:00.000Z',
      mode: 'live',
      sessionId: randomUUID(),
      sessionVersion: 9,
      orderReference: null,
      extra: { a: 1 },
    };
    const { body, headers } = deliver(event, event.eventId);

    const verified: PaySplitEvent = webhooks.verify(body, headers, SECRET);

    expect(verified).toEqual(event);
    expect(isEventType(verified, 'SERVICE_SESSION_COMPLETED')).toBe(false);
  });

  it('checks the signature before looking at the body', () => {
    const { headers } = deliver(completedEvent(), 'evt');
    const error = thrownBy(() => webhooks.verify('not json at all', headers, SECRET));
    expect(error).toBeInstanceOf(SignatureVerificationError);
  });

  it('refuses an event whose webhook-id is not its eventId', () => {
    const event = completedEvent();
    const { body, headers } = deliver(event, randomUUID());
    const error = thrownBy(() => webhooks.verify(body, headers, SECRET));
    expect(error).toBeInstanceOf(PaySplitPayloadError);
    expect((error as Error).message).toContain('eventId');
  });

  it.each([
    ['a body that is not JSON', 'hello'],
    ['a JSON array', '[]'],
    ['a missing eventId', JSON.stringify(completedEvent({ eventId: undefined }))],
    ['an unknown mode', JSON.stringify(completedEvent({ mode: 'demo' }))],
    ['a non-integer sessionVersion', JSON.stringify(completedEvent({ sessionVersion: '4' }))],
    ['an amount that is not digits', JSON.stringify(completedEvent({ amountMinor: '120.50' }))],
    ['payments that are not an array', JSON.stringify(completedEvent({ payments: {} }))],
    [
      'a payment without paymentId',
      JSON.stringify(completedEvent({ payments: [{ participantId: 'x', amountMinor: '1', processorReference: null }] })),
    ],
  ])('refuses a signed body with %s', (_label, body) => {
    const id = 'evt_fixed';
    const headers = createSignedHeaders({ id, body, secret: SECRET });
    const error = thrownBy(() => webhooks.verify(body, headers, SECRET));
    expect(error).toBeInstanceOf(PaySplitPayloadError);
  });

  it('refuses signed bytes that are not UTF-8', () => {
    const bytes = Buffer.from([0x7b, 0xff, 0x7d]);
    const timestamp = Math.floor(Date.now() / 1000);
    // Signed by hand over the raw bytes: no string can carry an invalid UTF-8 sequence.
    const mac = createHmac('sha256', Buffer.from(SECRET.slice('whsec_'.length), 'base64'))
      .update(`evt.${timestamp}.`)
      .update(bytes)
      .digest('base64');
    const headers = { 'webhook-id': 'evt', 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${mac}` };
    expect(thrownBy(() => webhooks.verify(bytes, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it('rejects a wrong secret with SignatureVerificationError', () => {
    const event = completedEvent();
    const { body, headers } = deliver(event, event.eventId, `whsec_${randomBytes(32).toString('base64')}`);
    const error = thrownBy(() => webhooks.verify(body, headers, SECRET));
    expect(error).toBeInstanceOf(SignatureVerificationError);
    expect((error as SignatureVerificationError).reason).toBe('no_matching_signature');
  });
});

describe('partner.verifyCreatePayment', () => {
  it('returns the payload of a signed create-payment call', () => {
    const payload = partnerPayload({ payerRole: 'participant', orderReference: 'order-7', metadata: { seat: '12A' } });
    const { body, headers } = deliver(payload, payload.paymentId);

    expect(partner.verifyCreatePayment(Buffer.from(body), headers, SECRET)).toEqual(payload);
  });

  it('refuses a call whose webhook-id is not its paymentId', () => {
    const payload = partnerPayload();
    const { body, headers } = deliver(payload, randomUUID());
    expect(thrownBy(() => partner.verifyCreatePayment(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it.each([
    ['another type', { type: 'SERVICE_SESSION_COMPLETED' }],
    ['an unknown payerRole', { payerRole: 'guest' }],
    ['amountMinor with a decimal point', { amountMinor: '60.25' }],
    ['amountMinor as a number', { amountMinor: 6025 }],
    ['no sessionId', { sessionId: undefined }],
    ['metadata null', { metadata: null }],
    ['a relative cancelReturnUrl', { cancelReturnUrl: '/pay/s' }],
    ['an unknown mode', { mode: 'sandbox' }],
  ])('refuses a signed payload with %s', (_label, overrides) => {
    const payload = partnerPayload(overrides);
    const { body, headers } = deliver(payload, payload.paymentId);
    expect(thrownBy(() => partner.verifyCreatePayment(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it('refuses an unsigned or stale call before reading it', () => {
    const payload = partnerPayload();
    const { body, headers } = deliver(payload, payload.paymentId);
    const stale = { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
    const error = thrownBy(() => partner.verifyCreatePayment(body, stale, SECRET));
    expect(error).toBeInstanceOf(SignatureVerificationError);
    expect((error as SignatureVerificationError).reason).toBe('timestamp_too_old');
  });
});

function refundPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.refund.create',
    refundId: randomUUID(),
    paymentId: randomUUID(),
    sessionId: randomUUID(),
    participantId: randomUUID(),
    amountMinor: '9600',
    amount: '96.00',
    currency: 'NZD',
    mode: 'test',
    processorReference: 'ch_1',
    reason: 'Booking cancelled',
    orderReference: null,
    ...overrides,
  };
}

describe('partner.verifyRefund', () => {
  it('returns the payload of a signed refund call', () => {
    const payload = refundPayload();
    const { body, headers } = deliver(payload, payload.refundId);
    expect(partner.verifyRefund(Buffer.from(body), headers, SECRET)).toEqual(payload);
  });

  it('refuses a call whose webhook-id is not its refundId', () => {
    const payload = refundPayload();
    const { body, headers } = deliver(payload, payload.paymentId);
    expect(thrownBy(() => partner.verifyRefund(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it.each([
    ['the create-payment type', { type: 'partner.payment.create' }],
    ['amountMinor as a number', { amountMinor: 9600 }],
    ['no paymentId', { paymentId: undefined }],
    ['an unknown mode', { mode: 'sandbox' }],
    ['a reason that is not a string', { reason: 5 }],
  ])('refuses a signed payload with %s', (_label, overrides) => {
    const payload = refundPayload(overrides);
    const { body, headers } = deliver(payload, payload.refundId);
    expect(thrownBy(() => partner.verifyRefund(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it('refuses a call signed with another secret', () => {
    const payload = refundPayload();
    const { body, headers } = deliver(payload, payload.refundId, `whsec_${randomBytes(32).toString('base64')}`);
    expect(thrownBy(() => partner.verifyRefund(body, headers, SECRET))).toBeInstanceOf(SignatureVerificationError);
  });
});

function cancelPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.payment.cancel',
    cancelId: randomUUID(),
    paymentId: randomUUID(),
    sessionId: randomUUID(),
    participantId: randomUUID(),
    amountMinor: '9600',
    amount: '96.00',
    currency: 'NZD',
    mode: 'test',
    processorReference: null,
    reason: 'replaced',
    orderReference: 'order-7',
    ...overrides,
  };
}

describe('partner.verifyCancel', () => {
  it('returns the payload of a signed cancel call', () => {
    const payload = cancelPayload({ processorReference: 'cs_test_1' });
    const { body, headers } = deliver(payload, payload.cancelId);
    expect(partner.verifyCancel(Buffer.from(body), headers, SECRET)).toEqual(payload);
  });

  it('accepts every reason the OpenAPI document lists', () => {
    const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
      components: { schemas: { PartnerPaymentCancelRequest: { properties: { reason: { enum: string[] } } } } };
    };
    const reasons = document.components.schemas.PartnerPaymentCancelRequest.properties.reason.enum;
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) {
      const payload = cancelPayload({ reason });
      const { body, headers } = deliver(payload, payload.cancelId);
      expect(partner.verifyCancel(body, headers, SECRET).reason).toBe(reason);
    }
  });

  it('refuses a call whose webhook-id is not its cancelId', () => {
    const payload = cancelPayload();
    const { body, headers } = deliver(payload, payload.paymentId);
    expect(thrownBy(() => partner.verifyCancel(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it.each([
    ['the refund type', { type: 'partner.refund.create' }],
    ['amountMinor as a number', { amountMinor: 9600 }],
    ['no paymentId', { paymentId: undefined }],
    ['an unknown reason', { reason: 'changed_mind' }],
    ['a processorReference that is not a string', { processorReference: 5 }],
  ])('refuses a signed payload with %s', (_label, overrides) => {
    const payload = cancelPayload(overrides);
    const { body, headers } = deliver(payload, payload.cancelId);
    expect(thrownBy(() => partner.verifyCancel(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it('refuses a call signed with another secret', () => {
    const payload = cancelPayload();
    const { body, headers } = deliver(payload, payload.cancelId, `whsec_${randomBytes(32).toString('base64')}`);
    expect(thrownBy(() => partner.verifyCancel(body, headers, SECRET))).toBeInstanceOf(SignatureVerificationError);
  });
});

describe('partner.verifyCapture', () => {
  /** A capture call's body: a cancel's fields without the reason, with the hold's expiry. */
  const capture = (overrides: Record<string, unknown> = {}) => {
    const { cancelId: _cancelId, reason: _reason, orderReference, ...common } = cancelPayload({ processorReference: 'ch_held_1' });
    return {
      ...common,
      type: 'partner.payment.capture',
      captureId: randomUUID(),
      holdExpiresAt: '2031-01-02T03:04:05.000Z',
      orderReference,
      ...overrides,
    };
  };

  it('returns the payload of a signed capture call, with or without the hold expiry', () => {
    for (const payload of [capture(), capture({ holdExpiresAt: null })]) {
      const { body, headers } = deliver(payload, payload.captureId);
      expect(partner.verifyCapture(Buffer.from(body), headers, SECRET)).toEqual(payload);
    }
  });

  it.each([
    ['a webhook-id that is not its captureId', {}, 'paymentId'],
    ['the cancel type', { type: 'partner.payment.cancel' }, 'captureId'],
    ['no captureId', { captureId: undefined }, 'paymentId'],
    ['amountMinor as a number', { amountMinor: 9600 }, 'captureId'],
    ['a holdExpiresAt that is no time', { holdExpiresAt: 'soon' }, 'captureId'],
  ] as const)('refuses a signed payload with %s', (_label, overrides, signedAs) => {
    const payload = capture(overrides);
    const { body, headers } = deliver(payload, String(payload[signedAs] ?? payload.paymentId));
    expect(thrownBy(() => partner.verifyCapture(body, headers, SECRET))).toBeInstanceOf(PaySplitPayloadError);
  });

  it('refuses a call signed with another secret', () => {
    const payload = capture();
    const { body, headers } = deliver(payload, payload.captureId, `whsec_${randomBytes(32).toString('base64')}`);
    expect(thrownBy(() => partner.verifyCapture(body, headers, SECRET))).toBeInstanceOf(SignatureVerificationError);
  });
});
