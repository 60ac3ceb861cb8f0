import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPIRES_IN_SECONDS, MAX_EXPIRES_IN_SECONDS, MIN_EXPIRES_IN_SECONDS } from './session-lifecycle.js';
import {
  MAX_ORDER_REFERENCE_LENGTH,
  METADATA_LIMITS,
  assertRedirectUrlAllowed,
  isRedirectUrlAllowed,
  normalizeAllowlistEntry,
  resolveExpiresInSeconds,
  resolveSuccessUrl,
  validateMetadata,
  validateOrderReference,
  findUnstorableText,
} from './session-request.js';

const paths = (details: readonly { path: string }[]): string[] => details.map((d) => d.path);

describe('validateMetadata', () => {
  it('accepts a small JSON object, nested values included', () => {
    expect(validateMetadata({ orderId: 'A-1', table: 7, vip: true, note: null, items: [{ sku: 'X', qty: 2 }] })).toEqual([]);
    expect(validateMetadata({})).toEqual([]);
  });

  it('accepts metadata that was not sent', () => {
    expect(validateMetadata(undefined)).toEqual([]);
  });

  it('refuses null, arrays, scalars and class instances', () => {
    for (const value of [null, [], ['a'], 'text', 5, true, new Date(), new Map()]) {
      expect(validateMetadata(value), String(value)).toEqual([
        { path: 'metadata', message: expect.stringContaining('must be a JSON object') },
      ]);
    }
  });

  it('accepts an object without a prototype, as from a safe JSON parser', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 'b' });
    expect(validateMetadata(bare)).toEqual([]);
  });

  it(`refuses more than ${METADATA_LIMITS.maxKeys} keys`, () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(validateMetadata(keys(50))).toEqual([]);
    expect(validateMetadata(keys(51))).toEqual([{ path: 'metadata', message: 'metadata has 51 keys; at most 50 are allowed' }]);
  });

  it(`refuses keys longer than ${METADATA_LIMITS.maxKeyLength} characters, counting an emoji as one`, () => {
    expect(validateMetadata({ ['k'.repeat(40)]: 1 })).toEqual([]);
    expect(validateMetadata({ ['😀'.repeat(40)]: 1 })).toEqual([]);
    const details = validateMetadata({ ['k'.repeat(41)]: 1 });
    expect(details).toEqual([
      { path: `metadata.${'k'.repeat(41)}`, message: 'metadata key is 41 characters long; at most 40 are allowed' },
    ]);
  });

  it(`refuses string values longer than ${METADATA_LIMITS.maxStringValueLength} characters, at any depth`, () => {
    const long = 'x'.repeat(501);
    expect(validateMetadata({ note: 'x'.repeat(500) })).toEqual([]);
    expect(validateMetadata({ note: long })).toEqual([
      { path: 'metadata.note', message: 'text is 501 characters long; at most 500 are allowed' },
    ]);
    expect(paths(validateMetadata({ a: { b: [1, long] } }))).toEqual(['metadata.a.b[1]']);
  });

  it('writes paths of unusual keys in bracket form', () => {
    expect(paths(validateMetadata({ 'order id': 'x'.repeat(501) }))).toEqual(['metadata["order id"]']);
  });

  it('refuses metadata above 8 KiB as JSON, counting UTF-8 bytes', () => {
    // 20 values of 400 three-byte characters: under 500 characters each, but ~24 KB as UTF-8.
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, '€'.repeat(400)]));
    expect(validateMetadata(big)).toEqual([
      { path: 'metadata', message: expect.stringMatching(/^metadata is \d+ bytes as JSON; at most 8192 \(8 KiB\)/) },
    ]);
    // The same count of ASCII characters fits.
    const ascii = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'e'.repeat(400)]));
    expect(validateMetadata(ascii)).toEqual([]);
  });

  it('accepts exactly 8192 bytes as JSON and refuses 8193', () => {
    // 17 keys k00..k16: 2 bytes of braces, 8 per entry around its value, 16 commas; 16 values of 500.
    const objectOfSize = (bytes: number) =>
      Object.fromEntries(
        Array.from({ length: 17 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 'x'.repeat(i < 16 ? 500 : bytes - 154 - 8000)]),
      );
    const exact = objectOfSize(8192);
    expect(JSON.stringify(exact)).toHaveLength(8192);
    expect(validateMetadata(exact)).toEqual([]);
    const over = objectOfSize(8193);
    expect(JSON.stringify(over)).toHaveLength(8193);
    expect(paths(validateMetadata(over))).toEqual(['metadata']);
  });

  it('refuses values that are not JSON', () => {
    expect(paths(validateMetadata({ a: Number.NaN, b: () => 1, c: 5n, d: undefined, e: new Date(0) }))).toEqual([
      'metadata.a',
      'metadata.b',
      'metadata.c',
      'metadata.d',
      'metadata.e',
      'metadata',
    ]);
  });

  it('does not loop forever on a circular object', () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(validateMetadata(circular)).toEqual([{ path: 'metadata', message: 'metadata must be serializable as JSON' }]);
  });

  it('survives deep nesting without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(() => validateMetadata({ deep })).not.toThrow();
  });

  it('lists at most 20 problems', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`.padEnd(50, 'x'), 'y'.repeat(600)]));
    expect(validateMetadata(many)).toHaveLength(20);
  });

  it('never throws, whatever JSON it gets', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const details = validateMetadata(value);
        expect(Array.isArray(details)).toBe(true);
        for (const d of details) expect(d.path.startsWith('metadata')).toBe(true);
      }),
    );
  });
});

describe('validateOrderReference', () => {
  it(`accepts up to ${MAX_ORDER_REFERENCE_LENGTH} characters, and absence`, () => {
    expect(validateOrderReference('x'.repeat(200))).toEqual([]);
    expect(validateOrderReference(undefined)).toEqual([]);
    expect(validateOrderReference(null)).toEqual([]);
  });

  it('refuses longer references and non-text, under the field name given', () => {
    expect(validateOrderReference('x'.repeat(201))).toEqual([
      { path: 'merchantOrderRef', message: 'merchantOrderRef is 201 characters long; at most 200 are allowed' },
    ]);
    expect(paths(validateOrderReference(42, 'orderReference'))).toEqual(['orderReference']);
  });
});

describe('resolveExpiresInSeconds', () => {
  it('defaults to 72 hours', () => {
    expect(resolveExpiresInSeconds(undefined)).toBe(DEFAULT_EXPIRES_IN_SECONDS);
    expect(resolveExpiresInSeconds(null)).toBe(DEFAULT_EXPIRES_IN_SECONDS);
  });

  it('accepts the bounds', () => {
    expect(resolveExpiresInSeconds(MIN_EXPIRES_IN_SECONDS)).toBe(1800);
    expect(resolveExpiresInSeconds(MAX_EXPIRES_IN_SECONDS)).toBe(2_592_000);
  });

  it('refuses values outside the bounds or not whole', () => {
    for (const value of [1799, 2_592_001, 3600.5, Number.NaN, -1, 0]) {
      expect(() => resolveExpiresInSeconds(value), String(value)).toThrow(
        expect.objectContaining({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'expiresInSeconds' })] }),
      );
    }
  });
});

describe('resolveSuccessUrl', () => {
  it('takes either alias', () => {
    expect(resolveSuccessUrl({ successUrl: 'https://a.test/x' })).toBe('https://a.test/x');
    expect(resolveSuccessUrl({ successReturnUrl: 'https://a.test/y', successUrl: null })).toBe('https://a.test/y');
    expect(resolveSuccessUrl({})).toBeUndefined();
  });

  it('accepts both when equal and refuses both when different', () => {
    expect(resolveSuccessUrl({ successUrl: 'https://a.test/x', successReturnUrl: 'https://a.test/x' })).toBe('https://a.test/x');
    expect(() => resolveSuccessUrl({ successUrl: 'https://a.test/x', successReturnUrl: 'https://a.test/y' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringContaining('differ') }),
    );
  });
});

describe('normalizeAllowlistEntry', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['http://localhost:3001', 'http://localhost:3001'],
    ['http://127.0.0.1:3001', 'http://127.0.0.1:3001'],
    ['  https://shop.example.com  ', 'https://shop.example.com'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.Example.com:8443/', 'https://*.example.com:8443'],
    ['https://*.bücher.example', 'https://*.xn--bcher-kva.example'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('normalizes %s to %s', (entry, expected) => {
    expect(normalizeAllowlistEntry(entry)).toBe(expected);
  });

  it.each([
    'shop.example.com',
    'https://shop.example.com/path',
    'https://shop.example.com?x=1',
    'https://shop.example.com#top',
    'https://user:pass@shop.example.com',
    'https://user@shop.example.com',
    'ftp://shop.example.com',
    'javascript:alert(1)',
    'https://',
    'https://*',
    'https://*.com',
    'https://*.*.example.com',
    'https://a.*.example.com',
    'https://a*.example.com',
    'https://*example.com',
    'https://*..example.com',
    'https://*.example.com/path',
    'https://shop example.com',
    'https://shop.example.com:99999',
    '',
  ])('refuses %j with VALIDATION_ERROR', (entry) => {
    expect(() => normalizeAllowlistEntry(entry)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringContaining('an allowlist entry must be an origin') }),
    );
  });
});

describe('isRedirectUrlAllowed', () => {
  const allowlist = ['https://shop.example.com', 'https://*.example.net', 'http://localhost:3001'];

  it.each([
    'https://shop.example.com',
    'https://shop.example.com/',
    'https://shop.example.com/thanks?order=1#top',
    'HTTPS://SHOP.example.com/thanks',
    'https://shop.example.com:443/thanks',
    'https://a.example.net/done',
    'https://store-1.example.net/',
    'http://localhost:3001/cart',
  ])('allows %s', (url) => {
    expect(isRedirectUrlAllowed(url, allowlist)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.test/'],
    ['a subdomain of an exact origin', 'https://a.shop.example.com/'],
    ['the wildcard domain itself', 'https://example.net/'],
    ['two labels under a wildcard', 'https://a.b.example.net/'],
    ['a lookalike suffix', 'https://aexample.net/'],
    ['a lookalike suffix on the exact origin', 'https://shop.example.com.evil.test/'],
    ['another port', 'https://shop.example.com:8443/'],
    ['another port under a wildcard', 'https://a.example.net:8443/'],
    ['http where the entry is https', 'http://shop.example.com/'],
    ['https where the entry is http', 'https://localhost:3001/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['credentials that hide the real host', 'https://good.example.com@evil.test/'],
    ['credentials on an allowed host', 'https://user:pass@shop.example.com/'],
    ['an empty user part', 'https://@shop.example.com/'],
    ['a backslash', 'https://evil.test\\@shop.example.com/'],
    ['a backslash after the host', 'https://shop.example.com\\evil.test'],
    ['whitespace', 'https://shop.example.com/ x'],
    ['a newline', 'https://shop.example.com/\nSet-Cookie:x'],
    ['a scheme without slashes', 'https:shop.example.com'],
    ['a protocol-relative URL', '//shop.example.com/'],
    ['a relative path', '/thanks'],
    ['empty text', ''],
    ['nonsense', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(isRedirectUrlAllowed(url, allowlist)).toBe(false);
  });

  it('allows nothing with an empty allowlist', () => {
    expect(isRedirectUrlAllowed('https://shop.example.com/', [])).toBe(false);
  });

  it('ignores invalid allowlist entries instead of widening the match', () => {
    expect(isRedirectUrlAllowed('https://evil.com/', ['https://*.com', 'not an origin', '*'])).toBe(false);
  });

  it('matches allowlist entries written in any case or with a trailing slash', () => {
    expect(isRedirectUrlAllowed('https://shop.example.com/x', ['HTTPS://Shop.Example.com/'])).toBe(true);
  });

  /** URLs built from parts close to the allowed ones, so that the property is tested near its edges. */
  const nearbyUrl = fc.record({
    scheme: fc.constantFrom('https', 'http', 'HTTPS', 'ftp'),
    userinfo: fc.constantFrom('', '', '', 'user@', 'user:pw@', 'shop.example.com@', '@'),
    host: fc.oneof(
      fc.constantFrom(
        'shop.example.com',
        'SHOP.example.com',
        'a.shop.example.com',
        'shop.example.com.evil.test',
        'example.net',
        'a.example.net',
        'a.b.example.net',
        'aexample.net',
        'evil.test',
      ),
      fc.domain(),
      fc.domain().map((d) => `${d.split('.')[0] ?? 'x'}.example.net`),
    ),
    port: fc.constantFrom('', '', ':443', ':8443', ':80'),
    rest: fc.webPath(),
  });

  it('allows a URL exactly when its origin matches an entry and it has no credentials', () => {
    fc.assert(
      fc.property(nearbyUrl, ({ scheme, userinfo, host, port, rest }) => {
        const url = `${scheme}://${userinfo}${host}${port}${rest}`;
        const lowerHost = host.toLowerCase();
        const httpsDefaultPort = scheme.toLowerCase() === 'https' && (port === '' || port === ':443');
        const labels = lowerHost.split('.');
        const expected =
          userinfo === '' &&
          httpsDefaultPort &&
          (lowerHost === 'shop.example.com' || (labels.length === 3 && lowerHost.endsWith('.example.net')));
        expect(isRedirectUrlAllowed(url, ['https://shop.example.com', 'https://*.example.net']), url).toBe(expected);
      }),
    );
  });

  it('allows any path, query and fragment under an allowed origin', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), fc.webFragments(), (path, query, fragment) => {
        const url = `https://shop.example.com${path}?${query}#${fragment}`;
        expect(isRedirectUrlAllowed(url, ['https://shop.example.com'])).toBe(true);
      }),
    );
  });
});

describe('assertRedirectUrlAllowed', () => {
  it('passes an allowed URL', () => {
    expect(() => assertRedirectUrlAllowed('https://shop.example.com/x', ['https://shop.example.com'], 'successUrl')).not.toThrow();
  });

  it('throws REDIRECT_URL_NOT_ALLOWED naming the field', () => {
    expect(() => assertRedirectUrlAllowed('https://evil.test/', ['https://shop.example.com'], 'cancelUrl')).toThrow(
      expect.objectContaining({
        code: 'REDIRECT_URL_NOT_ALLOWED',
        message: "cancelUrl is not allowed: its origin is not on this integration's redirect allowlist",
        details: [expect.objectContaining({ path: 'cancelUrl' })],
      }),
    );
  });

  it('explains an empty allowlist', () => {
    expect(() => assertRedirectUrlAllowed('https://shop.example.com/', [], 'successUrl')).toThrow(
      expect.objectContaining({ code: 'REDIRECT_URL_NOT_ALLOWED', message: expect.stringContaining('no redirect allowlist yet') }),
    );
  });
});

describe('findUnstorableText', () => {
  it('finds the NUL character in nested strings and keys, naming where', () => {
    expect(findUnstorableText({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1 } }, '')).toEqual([
      { path: 'c', message: 'keys must not contain the NUL character (\\u0000)' },
      { path: 'b[1]', message: 'must not contain the NUL character (\\u0000)' },
    ]);
  });

  it('accepts ordinary text, emoji and other control characters', () => {
    expect(findUnstorableText({ note: 'tab\there 💸', n: 5, z: null }, '')).toEqual([]);
  });
});
