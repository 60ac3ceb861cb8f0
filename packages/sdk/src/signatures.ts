/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), on node:crypto only:
 * `webhook-signature: v1,<base64 HMAC-SHA256(secret_bytes, "{id}.{timestamp}.{rawBody}")>`.
 * PaySplit signs both its webhooks and its partner create-payment calls this way, so any Standard
 * Webhooks library verifies them and this module verifies anything such a library signs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

// A type alias, not an interface: aliases are assignable to index-signature types, so the result
// can go straight into `verifySignature`, `new Headers(…)` or `fetch`'s `headers`.
export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** A fetch `Headers`, or a plain object such as Node's `IncomingHttpHeaders` (any key case). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Largest accepted distance between `webhook-timestamp` and now, either direction; default 300. */
  toleranceSeconds?: number;
  /** Current time in milliseconds; default `Date.now`. */
  now?: () => number;
}

export type SignatureVerificationFailure =
  'missing_headers' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_in_future' | 'no_matching_signature' | 'invalid_secret';

/** The request is not provably from PaySplit: answer 400 (or 401) and do nothing else. */
export class SignatureVerificationError extends Error {
  override readonly name = 'SignatureVerificationError';
  readonly reason: SignatureVerificationFailure;

  constructor(reason: SignatureVerificationFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 300;

export function signPayload(input: { id: string; timestamp: number; body: string; secret: string }): string {
  const key = decodeSecret(input.secret);
  if (key === undefined) throw new TypeError('Signing secret must be whsec_ followed by non-empty base64');
  requireTimestamp(input.timestamp);
  return `v1,${hmac(key, input.id, input.timestamp, input.body).toString('base64')}`;
}

export function createSignedHeaders(input: {
  id: string;
  body: string;
  secret: string | readonly string[];
  timestamp?: number;
}): SignedHeaders {
  if (typeof input.id !== 'string' || input.id.length === 0) throw new TypeError('webhook id must be a non-empty string');
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const secrets: readonly string[] = typeof input.secret === 'string' ? [input.secret] : input.secret;
  if (secrets.length === 0) throw new TypeError('At least one signing secret is needed');
  // During a rotation both the old and the new secret sign, so receivers holding either one verify.
  const signature = secrets.map((secret) => signPayload({ id: input.id, timestamp, body: input.body, secret })).join(' ');
  return { 'webhook-id': input.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

/**
 * Checks a signed request and returns its id and timestamp. `rawBody` must be the bytes exactly as
 * received: JSON that a framework parsed and stringified again differs in spacing or key order and
 * will not verify.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  secret: string,
  options: VerifyOptions = {},
): { id: string; timestamp: number } {
  const key = decodeSecret(secret);
  if (key === undefined) {
    throw new SignatureVerificationError('invalid_secret', 'The verification secret is empty or not whsec_ followed by base64');
  }

  const id = readSingleHeader(headers, 'webhook-id');
  const timestampText = readSingleHeader(headers, 'webhook-timestamp');
  const signatureHeader = readSignatureHeader(headers);
  if (id === undefined || timestampText === undefined || signatureHeader === undefined) {
    throw new SignatureVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are all required');
  }

  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new SignatureVerificationError('invalid_timestamp', 'webhook-timestamp must be unix seconds');
  }
  const timestamp = Number(timestampText);
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  // The window bounds how long a captured request can be replayed.
  if (nowSeconds - timestamp > toleranceSeconds) {
    throw new SignatureVerificationError('timestamp_too_old', 'webhook-timestamp is too old');
  }
  if (timestamp - nowSeconds > toleranceSeconds) {
    throw new SignatureVerificationError('timestamp_in_future', 'webhook-timestamp is too far in the future');
  }

  const expected = Buffer.from(hmac(key, id, timestamp, rawBody).toString('base64'), 'utf8');
  for (const candidate of signatureHeader.split(/\s+/)) {
    // `,` separates version and signature; a trailing comma appears when a proxy joined repeated headers.
    const [version, signature] = candidate.replace(/,$/, '').split(',', 2);
    if (version !== 'v1' || signature === undefined) continue;
    const given = Buffer.from(signature, 'utf8');
    // Length is public (always 44 characters); only the content must be compared in constant time.
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { id, timestamp };
  }
  throw new SignatureVerificationError('no_matching_signature', 'No webhook-signature matches the body and secret');
}

function hmac(key: Buffer, id: string, timestamp: number, body: string | Uint8Array): Buffer {
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`, 'utf8');
  if (typeof body === 'string') mac.update(body, 'utf8');
  else mac.update(body);
  return mac.digest();
}

/**
 * `whsec_<base64>` → bytes; without the prefix the whole string is base64 (as Standard Webhooks
 * libraries do). Strict alphabet: Node's lenient decoder would silently skip typos in a pasted secret.
 */
function decodeSecret(secret: unknown): Buffer | undefined {
  if (typeof secret !== 'string') return undefined;
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const unpadded = encoded.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(unpadded) || unpadded.length % 4 === 1) return undefined;
  if (unpadded.length !== encoded.length && encoded.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(unpadded, 'base64');
  return bytes.length === 0 ? undefined : bytes;
}

function requireTimestamp(timestamp: unknown): void {
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError('timestamp must be unix seconds (a non-negative integer)');
  }
}

function headerValues(headers: HeadersLike, name: string): string[] {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    const value = headers.get(name);
    return value === null ? [] : [value];
  }
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    if (Array.isArray(value)) values.push(...value);
    else values.push(value as string);
  }
  return values;
}

/** Exactly one non-empty value, or undefined: two different ids or timestamps are not a signed request. */
function readSingleHeader(headers: HeadersLike, name: string): string | undefined {
  const values = headerValues(headers, name)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return values.length === 1 ? values[0] : undefined;
}

/** Several signature headers are as good as one space-separated list. */
function readSignatureHeader(headers: HeadersLike): string | undefined {
  const joined = headerValues(headers, 'webhook-signature').join(' ').trim();
  return joined.length > 0 ? joined : undefined;
}
