import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { SignatureVerificationError, createSignedHeaders, signPayload, verifySignature, type HeadersLike } from './index.js';

const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const SECRET = newSecret();
const BODY = JSON.stringify({ eventId: 'evt_1', type: 'SERVICE_SESSION_COMPLETED', amountMinor: '12050', note: 'Kia ora — café ☕' });
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function failureOf(fn: () => unknown): SignatureVerificationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureVerificationError);
    return error as SignatureVerificationError;
  }
  throw new Error('expected a SignatureVerificationError');
}

describe('interoperability with the standardwebhooks reference library', () => {
  it('signs what standardwebhooks verifies', () => {
    const headers = createSignedHeaders({ id: 'msg_2a1b', body: BODY, secret: SECRET });
    expect(new Webhook(SECRET).verify(BODY, { ...headers })).toEqual(JSON.parse(BODY));
  });

  it('verifies what standardwebhooks signs', () => {
    const timestamp = new Date();
    const signature = new Webhook(SECRET).sign('msg_3c4d', timestamp, BODY);
    const headers = {
      'webhook-id': 'msg_3c4d',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(verifySignature(BODY, headers, SECRET)).toEqual({ id: 'msg_3c4d', timestamp: Number(headers['webhook-timestamp']) });
    expect(verifySignature(Buffer.from(BODY, 'utf8'), headers, SECRET).id).toBe('msg_3c4d');
  });

  it('produces the same signature string as standardwebhooks for a fixed input', () => {
    const timestamp = 1_700_000_000;
    expect(signPayload({ id: 'msg_fixed', timestamp, body: BODY, secret: SECRET })).toBe(
      new Webhook(SECRET).sign('msg_fixed', new Date(timestamp * 1000), BODY),
    );
  });

  it('accepts a secret without the whsec_ prefix as base64, like standardwebhooks', () => {
    const bare = SECRET.slice('whsec_'.length);
    const headers = createSignedHeaders({ id: 'msg_bare', body: BODY, secret: bare });
    expect(new Webhook(SECRET).verify(BODY, { ...headers })).toBeTruthy();
    expect(verifySignature(BODY, headers, SECRET).id).toBe('msg_bare');
  });
});

describe('verifySignature', () => {
  const signed = (overrides: { body?: string; timestamp?: number; secret?: string | string[] } = {}) =>
    createSignedHeaders({
      id: 'msg_1',
      body: overrides.body ?? BODY,
      secret: overrides.secret ?? SECRET,
      timestamp: overrides.timestamp ?? nowSeconds(),
    });

  it('rejects a tampered body', () => {
    const headers = signed();
    expect(failureOf(() => verifySignature(BODY.replace('12050', '12051'), headers, SECRET)).reason).toBe('no_matching_signature');
  });

  it('rejects JSON that was parsed and stringified again', () => {
    const pretty = JSON.stringify({ a: 1, b: 'x' }, null, 2);
    const headers = signed({ body: pretty });
    expect(failureOf(() => verifySignature(JSON.stringify(JSON.parse(pretty)), headers, SECRET)).reason).toBe('no_matching_signature');
  });

  it('rejects a different secret', () => {
    expect(failureOf(() => verifySignature(BODY, signed(), newSecret())).reason).toBe('no_matching_signature');
  });

  it('rejects a tampered id or timestamp', () => {
    const headers = signed();
    expect(failureOf(() => verifySignature(BODY, { ...headers, 'webhook-id': 'msg_2' }, SECRET)).reason).toBe('no_matching_signature');
    const shifted = String(Number(headers['webhook-timestamp']) + 1);
    expect(failureOf(() => verifySignature(BODY, { ...headers, 'webhook-timestamp': shifted }, SECRET)).reason).toBe(
      'no_matching_signature',
    );
  });

  it('rejects a timestamp 6 minutes old', () => {
    const headers = signed({ timestamp: nowSeconds() - 360 });
    expect(failureOf(() => verifySignature(BODY, headers, SECRET)).reason).toBe('timestamp_too_old');
  });

  it('rejects a timestamp 6 minutes in the future', () => {
    const headers = signed({ timestamp: nowSeconds() + 360 });
    expect(failureOf(() => verifySignature(BODY, headers, SECRET)).reason).toBe('timestamp_in_future');
  });

  it('accepts timestamps up to the tolerance and honours a custom tolerance and clock', () => {
    const t = 1_700_000_000;
    const headers = signed({ timestamp: t });
    expect(verifySignature(BODY, headers, SECRET, { now: () => (t + 300) * 1000 }).timestamp).toBe(t);
    expect(verifySignature(BODY, headers, SECRET, { now: () => (t - 300) * 1000 }).timestamp).toBe(t);
    expect(failureOf(() => verifySignature(BODY, headers, SECRET, { now: () => (t + 301) * 1000 })).reason).toBe('timestamp_too_old');
    expect(failureOf(() => verifySignature(BODY, headers, SECRET, { now: () => (t + 61) * 1000, toleranceSeconds: 60 })).reason).toBe(
      'timestamp_too_old',
    );
  });

  it('rejects a timestamp that is not unix seconds', () => {
    const headers = signed();
    for (const bad of ['abc', '1.5', '-100', '2024-01-01T00:00:00Z']) {
      expect(failureOf(() => verifySignature(BODY, { ...headers, 'webhook-timestamp': bad }, SECRET)).reason).toBe('invalid_timestamp');
    }
  });

  it('reports missing headers', () => {
    const { 'webhook-signature': _omitted, ...rest } = signed();
    expect(failureOf(() => verifySignature(BODY, rest, SECRET)).reason).toBe('missing_headers');
    expect(failureOf(() => verifySignature(BODY, {}, SECRET)).reason).toBe('missing_headers');
  });

  it('reports an empty or undecodable secret as invalid_secret, and refuses to sign with one', () => {
    const headers = signed();
    for (const bad of ['', 'whsec_', 'whsec_not base64!', 'whsec_a']) {
      expect(failureOf(() => verifySignature(BODY, headers, bad)).reason).toBe('invalid_secret');
      expect(() => signPayload({ id: 'x', timestamp: 1, body: BODY, secret: bad })).toThrow(TypeError);
    }
  });

  it('verifies a rotation signature with either secret', () => {
    const oldSecret = newSecret();
    const newer = newSecret();
    const headers = signed({ secret: [oldSecret, newer] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifySignature(BODY, headers, oldSecret).id).toBe('msg_1');
    expect(verifySignature(BODY, headers, newer).id).toBe('msg_1');
    expect(new Webhook(oldSecret).verify(BODY, { ...headers })).toBeTruthy();
    expect(new Webhook(newer).verify(BODY, { ...headers })).toBeTruthy();
    expect(failureOf(() => verifySignature(BODY, headers, newSecret())).reason).toBe('no_matching_signature');
  });

  it('skips signatures of unknown versions', () => {
    const headers = signed();
    const v1 = headers['webhook-signature'];
    expect(verifySignature(BODY, { ...headers, 'webhook-signature': `v1a,abcd ${v1}` }, SECRET).id).toBe('msg_1');
    expect(failureOf(() => verifySignature(BODY, { ...headers, 'webhook-signature': v1.replace('v1,', 'v2,') }, SECRET)).reason).toBe(
      'no_matching_signature',
    );
  });

  it('looks headers up case-insensitively in plain objects and in Headers', () => {
    const headers = signed();
    const shouted: HeadersLike = {
      'Webhook-Id': headers['webhook-id'],
      'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
      'webhook-Signature': [headers['webhook-signature']],
    };
    expect(verifySignature(BODY, shouted, SECRET).id).toBe('msg_1');
    expect(verifySignature(BODY, new Headers(headers), SECRET).id).toBe('msg_1');
  });
});

describe('property: sign then verify', () => {
  it('verifies any signed body and rejects any single-byte change of it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((id) => id.trim() === id && !/\s/.test(id)),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (id, body, secretBytes, position, flip) => {
          const secret = `whsec_${Buffer.from(secretBytes).toString('base64')}`;
          const timestamp = 1_700_000_000;
          const now = () => timestamp * 1000;
          const headers = createSignedHeaders({ id, body, secret, timestamp });
          const bytes = Buffer.from(body, 'utf8');

          expect(verifySignature(body, headers, secret, { now })).toEqual({ id, timestamp });
          expect(verifySignature(bytes, headers, secret, { now }).id).toBe(id);

          if (bytes.length === 0) return;
          const tampered = Buffer.from(bytes);
          const index = position % tampered.length;
          tampered[index] = tampered[index]! ^ flip;
          expect(failureOf(() => verifySignature(tampered, headers, secret, { now })).reason).toBe('no_matching_signature');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('computes the same signature as standardwebhooks for any id, timestamp, body and secret', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        (id, timestamp, body, secretBytes) => {
          const secret = `whsec_${Buffer.from(secretBytes).toString('base64')}`;
          expect(signPayload({ id, timestamp, body, secret })).toBe(new Webhook(secret).sign(id, new Date(timestamp * 1000), body));
        },
      ),
      { numRuns: 300 },
    );
  });
});
