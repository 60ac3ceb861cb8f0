/**
 * The shared first half of receiving a signed PaySplit request: verify the signature on the raw
 * bytes, then parse the JSON object and read its fields with checks that name what is wrong.
 */
import { verifySignature, type HeadersLike, type VerifyOptions } from './signatures.js';

/** The signature was valid but the body is not the payload it claims to be (wrong shape or id). */
export class PaySplitPayloadError extends Error {
  override readonly name = 'PaySplitPayloadError';
}

export type JsonObject = Record<string, unknown>;

// fatal: a signed body that is not UTF-8 is malformed, not something to patch with U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function verifyAndParseObject(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  secret: string,
  options: VerifyOptions | undefined,
): { id: string; payload: JsonObject } {
  // Signature first: nothing from an unauthenticated body is even parsed.
  const { id } = verifySignature(rawBody, headers, secret, options);
  let text: string;
  let parsed: unknown;
  try {
    text = typeof rawBody === 'string' ? rawBody : utf8.decode(rawBody);
    parsed = JSON.parse(text);
  } catch {
    throw new PaySplitPayloadError('The signed body is not UTF-8 JSON');
  }
  if (!isJsonObject(parsed)) throw new PaySplitPayloadError('The signed body is not a JSON object');
  return { id, payload: parsed };
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readString(payload: JsonObject, field: string): string {
  const value = payload[field];
  if (typeof value !== 'string' || value.length === 0) throw new PaySplitPayloadError(`${field} must be a non-empty string`);
  return value;
}

export function readNullableString(payload: JsonObject, field: string): string | null {
  const value = payload[field];
  if (value !== null && typeof value !== 'string') throw new PaySplitPayloadError(`${field} must be a string or null`);
  return value;
}

export function readMinorUnits(payload: JsonObject, field: string): string {
  const value = payload[field];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new PaySplitPayloadError(`${field} must be a string of digits`);
  return value;
}

export function readInteger(payload: JsonObject, field: string): number {
  const value = payload[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new PaySplitPayloadError(`${field} must be an integer`);
  return value;
}

export function readObject(payload: JsonObject, field: string): JsonObject {
  const value = payload[field];
  if (!isJsonObject(value)) throw new PaySplitPayloadError(`${field} must be an object`);
  return value;
}

export function readOneOf<const T extends readonly string[]>(payload: JsonObject, field: string, allowed: T): T[number] {
  const value = payload[field];
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new PaySplitPayloadError(`${field} must be one of ${allowed.join(', ')}`);
  }
  return value;
}
