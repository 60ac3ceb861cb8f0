import { AppError, describeDetails, ErrorCode, type ErrorDetail } from './errors.js';
import { DEFAULT_EXPIRES_IN_SECONDS, MAX_EXPIRES_IN_SECONDS, MIN_EXPIRES_IN_SECONDS } from './session-lifecycle.js';

// ---------------------------------------------------------------------------------------------
// metadata

export const METADATA_LIMITS = {
  maxKeys: 50,
  maxKeyLength: 40,
  maxStringValueLength: 500,
  maxSerializedBytes: 8192,
} as const;

// A bad object could have thousands of problems; a reply listing the first few is as useful.
const MAX_METADATA_DETAILS = 20;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Lengths count code points rather than UTF-16 units, so an emoji is 1 character, not 2. */
function characterCount(text: string): number {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;
}

function shortText(text: string, max = 40): string {
  return characterCount(text) > max ? `${[...text].slice(0, max).join('')}…` : text;
}

function keyPath(parent: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(shortText(key))}]`;
}

/**
 * Checks `metadata` of a creation request (decisions §3). `undefined` means not sent and is
 * fine; `null`, arrays and non-JSON values are not. The key rules apply to the object's own
 * keys; string values are limited at every depth, since nesting must not bypass the limit.
 * Returns the problems found (empty when valid) so the caller can report them with others.
 */
export function validateMetadata(value: unknown): ErrorDetail[] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) {
    return [{ path: 'metadata', message: 'metadata must be a JSON object such as {"orderId": "A-1"}' }];
  }
  const details: ErrorDetail[] = [];
  const add = (path: string, message: string): void => {
    if (details.length < MAX_METADATA_DETAILS) details.push({ path, message });
  };

  const keys = Object.keys(value);
  if (keys.length > METADATA_LIMITS.maxKeys) {
    add('metadata', `metadata has ${keys.length} keys; at most ${METADATA_LIMITS.maxKeys} are allowed`);
  }
  for (const key of keys) {
    const length = characterCount(key);
    if (length > METADATA_LIMITS.maxKeyLength) {
      add(keyPath('metadata', key), `metadata key is ${length} characters long; at most ${METADATA_LIMITS.maxKeyLength} are allowed`);
    }
  }

  // Iterative walk: a deeply nested body must not overflow the call stack.
  const queue: { path: string; value: unknown }[] = keys.map((key) => ({ path: keyPath('metadata', key), value: value[key] }));
  const seen = new WeakSet<object>();
  for (let i = 0; i < queue.length && details.length < MAX_METADATA_DETAILS; i += 1) {
    const { path, value: v } = queue[i] as { path: string; value: unknown };
    if (typeof v === 'string') {
      const length = characterCount(v);
      if (length > METADATA_LIMITS.maxStringValueLength) {
        add(path, `text is ${length} characters long; at most ${METADATA_LIMITS.maxStringValueLength} are allowed`);
      }
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) add(path, 'numbers must be finite');
    } else if (typeof v === 'boolean' || v === null) {
      // valid JSON scalars
    } else if (Array.isArray(v) || isPlainObject(v)) {
      if (seen.has(v)) continue;
      seen.add(v);
      if (Array.isArray(v)) v.forEach((child, index) => queue.push({ path: `${path}[${index}]`, value: child }));
      else for (const [k, child] of Object.entries(v)) queue.push({ path: keyPath(path, k), value: child });
    } else {
      add(path, 'values must be JSON: text, number, true/false, null, array or object');
    }
  }

  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(value);
  } catch {
    add('metadata', 'metadata must be serializable as JSON');
  }
  if (serialized !== undefined) {
    const bytes = new TextEncoder().encode(serialized).length;
    if (bytes > METADATA_LIMITS.maxSerializedBytes) {
      add('metadata', `metadata is ${bytes} bytes as JSON; at most ${METADATA_LIMITS.maxSerializedBytes} (8 KiB) are allowed`);
    }
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// order reference, expiry, success URL aliases

export const MAX_ORDER_REFERENCE_LENGTH = 200;

/** `undefined`/`null` mean not sent. `path` names the field, which differs between request shapes. */
export function validateOrderReference(value: unknown, path = 'merchantOrderRef'): ErrorDetail[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return [{ path, message: `${path} must be text` }];
  const length = characterCount(value);
  return length > MAX_ORDER_REFERENCE_LENGTH
    ? [{ path, message: `${path} is ${length} characters long; at most ${MAX_ORDER_REFERENCE_LENGTH} are allowed` }]
    : [];
}

/** The session lifetime in seconds: the default when not sent, else a whole number within bounds. */
export function resolveExpiresInSeconds(value: number | null | undefined): number {
  if (value === undefined || value === null) return DEFAULT_EXPIRES_IN_SECONDS;
  if (!Number.isSafeInteger(value) || value < MIN_EXPIRES_IN_SECONDS || value > MAX_EXPIRES_IN_SECONDS) {
    const message =
      `expiresInSeconds must be a whole number from ${MIN_EXPIRES_IN_SECONDS} (30 minutes) ` + `to ${MAX_EXPIRES_IN_SECONDS} (30 days)`;
    throw new AppError(ErrorCode.ValidationError, message, [{ path: 'expiresInSeconds', message }]);
  }
  return value;
}

/** `successUrl` and `successReturnUrl` are aliases (decisions §3): either, or both when equal. */
export function resolveSuccessUrl(input: { successUrl?: string | null; successReturnUrl?: string | null }): string | undefined {
  const { successUrl, successReturnUrl } = input;
  const a = successUrl ?? undefined;
  const b = successReturnUrl ?? undefined;
  if (a !== undefined && b !== undefined && a !== b) {
    const message = 'successUrl and successReturnUrl are the same setting and differ: send one of them, or both equal';
    throw new AppError(ErrorCode.ValidationError, message, [
      { path: 'successUrl', message },
      { path: 'successReturnUrl', message },
    ]);
  }
  return a ?? b;
}

// ---------------------------------------------------------------------------------------------
// redirect allowlist

const ALLOWLIST_ENTRY_HELP =
  'an allowlist entry must be an origin such as https://shop.example.com or a one-label wildcard ' +
  'such as https://*.example.com, without path, query or credentials';

// scheme://authority with at most a bare trailing slash; '@' is excluded so credentials can never appear.
const ENTRY_SHAPE = /^(https?):\/\/([^/?#@\\\s]+)\/?$/i;

interface AllowlistRule {
  /** 'https:' or 'http:' */
  readonly protocol: string;
  /** Exact rule: the host with any non-default port, as `URL.host` gives it. */
  readonly host?: string;
  /** Wildcard rule: the domain under the one wildcard label, and the port ('' when default). */
  readonly suffix?: string;
  readonly port: string;
}

function invalidEntry(entry: string): AppError {
  const message = `'${shortText(entry, 100)}' is not valid: ${ALLOWLIST_ENTRY_HELP}`;
  return new AppError(ErrorCode.ValidationError, message, [{ path: 'redirectAllowlist', message }]);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function parseAllowlistEntry(entry: string): AllowlistRule {
  const match = ENTRY_SHAPE.exec(entry.trim());
  if (match === null) throw invalidEntry(entry);
  const scheme = (match[1] ?? '').toLowerCase();
  const authority = match[2] ?? '';

  if (authority.startsWith('*.')) {
    const rest = authority.slice(2);
    if (rest.includes('*')) throw invalidEntry(entry);
    // Parse with a stand-in label so the suffix gets the same IDNA/case normalisation as real hosts.
    const url = parseUrl(`${scheme}://x.${rest}/`);
    if (url === undefined || !url.hostname.startsWith('x.')) throw invalidEntry(entry);
    const suffix = url.hostname.slice(2);
    const labels = suffix.split('.');
    // At least two labels, so '*.com' cannot open every .com site.
    if (labels.length < 2 || labels.some((label) => label === '')) throw invalidEntry(entry);
    return { protocol: url.protocol, suffix, port: url.port };
  }

  if (authority.includes('*')) throw invalidEntry(entry);
  const url = parseUrl(`${scheme}://${authority}/`);
  if (url === undefined || url.hostname === '') throw invalidEntry(entry);
  return { protocol: url.protocol, host: url.host, port: url.port };
}

function ruleText(rule: AllowlistRule): string {
  const host = rule.host ?? `*.${rule.suffix ?? ''}${rule.port === '' ? '' : `:${rule.port}`}`;
  return `${rule.protocol}//${host}`;
}

/**
 * The canonical text of an allowlist entry: lowercase scheme and host, punycode, no default port,
 * no trailing slash (`HTTPS://Shop.Example.com:443/` -> `https://shop.example.com`).
 */
export function normalizeAllowlistEntry(entry: string): string {
  if (typeof entry !== 'string') throw invalidEntry(String(entry));
  return ruleText(parseAllowlistEntry(entry));
}

/** Spaces, control characters and backslashes: parsers (and header writers) disagree about them. */
function hasAmbiguousCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * Whether a redirect address may be used. Only http(s) URLs whose origin matches an entry
 * exactly, or whose host is one label under a wildcard entry's domain (same scheme and port).
 * Refused outright: credentials or any '@' before the host (`https://good.example.com@evil.test`
 * goes to evil.test), whitespace, control characters and backslashes, which parsers disagree
 * about. Invalid allowlist entries match nothing; an empty allowlist allows nothing.
 */
export function isRedirectUrlAllowed(url: string, allowlist: readonly string[]): boolean {
  if (typeof url !== 'string' || url === '' || hasAmbiguousCharacter(url)) return false;
  const parsed = parseUrl(url);
  if (parsed === undefined) return false;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  // Judge the text as sent too, not only the parser's reading of it: it is what gets redirected to.
  const prefix = /^https?:\/\//i.exec(url);
  if (prefix === null) return false;
  const authority = url.slice(prefix[0].length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return false;

  return allowlist.some((entry) => {
    let rule: AllowlistRule;
    try {
      rule = parseAllowlistEntry(entry);
    } catch {
      return false;
    }
    if (rule.protocol !== parsed.protocol) return false;
    if (rule.host !== undefined) return rule.host === parsed.host;
    if (rule.port !== parsed.port || rule.suffix === undefined) return false;
    const ending = `.${rule.suffix}`;
    if (!parsed.hostname.endsWith(ending)) return false;
    const label = parsed.hostname.slice(0, -ending.length);
    return label !== '' && !label.includes('.');
  });
}

/** Throws `REDIRECT_URL_NOT_ALLOWED` naming the field when `url` is not allowed. */
export function assertRedirectUrlAllowed(url: string, allowlist: readonly string[], field: string): void {
  if (isRedirectUrlAllowed(url, allowlist)) return;
  const message =
    allowlist.length === 0
      ? `${field} is not allowed: this integration has no redirect allowlist yet, so no redirect address is accepted`
      : `${field} is not allowed: its origin is not on this integration's redirect allowlist`;
  throw new AppError(ErrorCode.RedirectUrlNotAllowed, message, [{ path: field, message }]);
}

/**
 * Text PostgreSQL cannot store (the NUL character), anywhere in a request: one detail per place.
 * Refused up front so such a request is a clear VALIDATION_ERROR, never a storage failure.
 */
export function findUnstorableText(value: unknown, path: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0 && found.length < 20) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push({ path: at, message: 'must not contain the NUL character (\\u0000)' });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${at}[${index}]`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) found.push({ path: at, message: 'keys must not contain the NUL character (\\u0000)' });
        stack.push([item, at ? `${at}.${key}` : key]);
      }
    }
  }
  return found;
}

/** Refuses text PostgreSQL cannot store (NUL) anywhere in a command, before any other work. */
export function assertStorableText(command: unknown): void {
  const details = findUnstorableText(command, '');
  if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
}
