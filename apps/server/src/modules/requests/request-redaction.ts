import { isIPv4, isIPv6 } from 'node:net';
import { LosslessNumber, stringify } from 'lossless-json';
import { scrubSecrets } from '../../logger.js';
import { InexactJsonNumber, MAX_JSON_NESTING, nestsDeeperThan, parseJsonBody } from '../../rest/json-body.js';

/**
 * What the request log keeps of a request's and an answer's body, and of the other text a caller
 * chooses (path, request id, idempotency key): never a secret or an address (docs/security.md,
 * "The request log"). Rules by field name first, then by what a value looks like, so a secret
 * pasted into free text is caught as well as one in a field named for it. Over-redacting is the
 * chosen failure: a kept log entry is read by people the merchant never meant to show a key to.
 */

/** At most this many characters of a body are kept (after redaction); the rest is cut off and said so. */
export const MAX_KEPT_BODY_CHARS = 4096;

/** Names of fields whose values are secrets, whatever they hold. Ids of secrets (`apiKeyId`) are not. */
const SECRET_NAME = /token|secret|passw|key|signature|authori[sz]ation|credential|cookie|cvc|cvv|card.?number/i;
const ID_NAME = /(?:Id|Ids|_id|_ids)$/;
const EMAIL_NAME = /e-?mail|recipient/i;
const ADDRESS_NAME = /addr|street|post.?code|postal|zip.?code|^zip$/i;

/** Absolute URLs: their query and fragment may carry tokens or addresses, so neither is kept. */
const URL_QUERY = /\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)([?#])[^\s"'<>]*/gi;
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const IPV4_CANDIDATE = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)/g;
const IPV6_CANDIDATE = /(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9A-Fa-f]{0,4})(?![0-9A-Fa-f:])/g;
/** A number, up to four words and a street type: "12 Queen St", "4/21a Karangahape Road". */
const STREET =
  /\b\d{1,5}[A-Za-z]?(?:[-/]\d{1,5}[A-Za-z]?)?,?\s+(?:[A-Za-z][A-Za-z'.-]*\s+){1,4}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|place|pl|terrace|tce|crescent|cres|court|ct|way|highway|hwy|parade|pde|square|sq|close|grove|quay)\b\.?/gi;
const PO_BOX = /\bP\.?\s?O\.?\s*Box\s+\d+/gi;
/** Text that none of the patterns can match is left alone without running them (most values are short words and ids). */
const MIGHT_MATCH = /[@_=:.]|\d[A-Za-z]?,?\s|bearer|basic|box/i;
/** An instant as PaySplit writes them: nothing in it to take out (its colons are no IPv6 address). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** What a host, participant or sign-in token (43 characters of base64url) needs. */
const LONG_RUN = /[0-9A-Za-z_-]{43}/;
const SECRET_SIGN = /[_=@]/;
const BEARER_SIGN = /bearer|basic/i;
const IPV4_SIGN = /\d\.\d/;
const STREET_SIGN = /\d[A-Za-z]?,?\s/;
const PO_BOX_SIGN = /box/i;

/**
 * Free text with every secret, email address, IP address, street address and URL query taken out.
 * Each rule runs only on text that has what it looks for: the request log redacts every answer
 * of the merchant API on its way out, so this is on the busiest paths (docs/benchmarks.md).
 */
export function redactText(text: string): string {
  if ((text.length < 43 && !MIGHT_MATCH.test(text)) || ISO_INSTANT.test(text)) return text;
  let kept = text;
  if (kept.includes('://')) kept = kept.replace(URL_QUERY, '$1$2[REDACTED]');
  if (BEARER_SIGN.test(kept)) kept = kept.replace(BEARER, '$1 [REDACTED]');
  if (kept.includes('eyJ')) kept = kept.replace(JWT, '[REDACTED]');
  if (SECRET_SIGN.test(kept) || LONG_RUN.test(kept)) kept = scrubSecrets(kept);
  // IPv6 first: an IPv4-mapped address (::ffff:192.0.2.1) is taken out whole.
  if (kept.includes(':')) kept = kept.replace(IPV6_CANDIDATE, (match) => (isIPv6(match) ? '[IP]' : match));
  if (IPV4_SIGN.test(kept)) kept = kept.replace(IPV4_CANDIDATE, (match) => (isIPv4(match) ? '[IP]' : match));
  if (STREET_SIGN.test(kept)) kept = kept.replace(STREET, '[ADDRESS]');
  if (PO_BOX_SIGN.test(kept)) kept = kept.replace(PO_BOX, '[ADDRESS]');
  return kept;
}

/**
 * Whether the value redactValue last walked held a number only lossless-json can write. The walk is
 * synchronous, so one flag serves: most bodies have none and are written by JSON.stringify, faster.
 */
let sawExactNumber = false;

/** A JSON value with the rules applied to every key and value (numbers kept exactly as sent). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof InexactJsonNumber) {
    sawExactNumber = true;
    return new LosslessNumber(value.text);
  }
  if (value instanceof LosslessNumber) sawExactNumber = true;
  if (value === null || typeof value !== 'object' || value instanceof LosslessNumber) return value;
  if (depth >= 64) return '[Too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[redactText(key)] = item === null || item === undefined ? item : redactField(key, item, depth);
  }
  return copy;
}

function redactField(key: string, item: unknown, depth: number): unknown {
  if (SECRET_NAME.test(key) && !ID_NAME.test(key)) return '[REDACTED]';
  if (EMAIL_NAME.test(key)) return '[EMAIL]';
  if (ADDRESS_NAME.test(key)) return '[ADDRESS]';
  return redactValue(item, depth + 1);
}

/**
 * A request body as kept: redacted JSON, bounded. A body that is not JSON is kept as its size only
 * (nothing in it can be told apart from a secret); an empty one as nothing.
 */
export function keptRequestBody(body: Buffer | undefined): string | null {
  if (!body || body.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = plainJson(body) ?? parseJsonBody(body);
  } catch {
    return `[not JSON: ${body.length} bytes, not kept]`;
  }
  return keptJson(parsed);
}

/** A number JSON.parse might not read exactly: a fraction or exponent, or 16 digits or more (also inside strings: then the exact parser reads it). */
const MAYBE_INEXACT = /[:,[]\s*-?\d+[.eE]|\d{16}/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body read by JSON.parse, V8's own and several times faster than the exact parser, when
 * that reads it the same: valid UTF-8, no number a double may not hold, not nested deeper than
 * bodies may be. `undefined` sends the body to parseJsonBody (which also refuses a repeated key;
 * JSON.parse keeps its last value, which is kept redacted like any other).
 */
function plainJson(body: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return undefined;
  }
  if (MAYBE_INEXACT.test(text) || nestsDeeperThan(text, MAX_JSON_NESTING)) return undefined;
  return JSON.parse(text) as unknown;
}

/** An answer as kept: the route's reply or the error body, redacted and bounded. */
export function keptJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  sawExactNumber = false;
  const redacted = redactValue(value);
  const text = (sawExactNumber ? stringify(redacted) : JSON.stringify(redacted)) ?? '';
  if (text.length <= MAX_KEPT_BODY_CHARS) return text;
  // Never half a surrogate pair at the cut.
  const cut = /[\uD800-\uDBFF]/.test(text[MAX_KEPT_BODY_CHARS - 1]!) ? MAX_KEPT_BODY_CHARS - 1 : MAX_KEPT_BODY_CHARS;
  return `${text.slice(0, cut)}… [truncated: ${text.length} characters]`;
}

/**
 * An answer as kept, from the JSON text that was sent (PaySplit's own, written by JSON.stringify:
 * every number in it is one JSON.parse reads exactly).
 */
export function keptReplyJson(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `[not JSON: ${text.length} characters, not kept]`;
  }
  return keptJson(parsed);
}

/** A path as kept: percent-decoded (an address must not hide as %40), then redacted like any text. */
export function keptPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Kept as sent: redaction still reads it.
  }
  return redactText(decoded).slice(0, 2048);
}
