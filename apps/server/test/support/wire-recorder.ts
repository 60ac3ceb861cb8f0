import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { dirname } from 'node:path';

/**
 * Records what crosses the wire between PaySplit and a merchant (REST replies, the partner calls
 * PaySplit makes, webhook bodies), turns what differs from run to run into placeholders, and
 * compares the result byte for byte with a committed fixture. See automatic-wire.test.ts.
 */

/** A REST reply as the merchant's client saw it. */
export interface WireReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Calls a REST route the way a merchant's server does and keeps the reply's raw text. */
export async function callRest(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<WireReply> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

/**
 * Reply headers left out: what HTTP itself, Express or the body decide (the length, the date, the
 * connection, an ETag of the body). Every other header of a reply is recorded, so one that appears
 * or goes away shows in the diff.
 */
const TRANSPORT_REPLY_HEADERS = new Set(['connection', 'content-length', 'date', 'etag', 'keep-alive', 'transfer-encoding']);

/**
 * Request headers of an outgoing call left out: the ones Node's fetch adds on its own (and may
 * change between Node versions) and the ones HTTP needs. The rest are ours: content type, accept
 * and the three signature headers.
 */
const TRANSPORT_CALL_HEADERS = new Set([
  'accept-encoding',
  'accept-language',
  'connection',
  'content-length',
  'host',
  'sec-fetch-mode',
  'transfer-encoding',
  'user-agent',
]);

/** One recording, in the order the journey made its steps. */
export class WireLog {
  readonly entries: Record<string, unknown>[] = [];

  /** A REST reply: status, the headers that are not transport, and the body (key order kept). */
  rest(step: string, request: string, reply: WireReply): WireReply {
    const headers: Record<string, string> = {};
    const names: string[] = [];
    reply.headers.forEach((_value, name) => names.push(name));
    for (const name of names.sort()) {
      if (!TRANSPORT_REPLY_HEADERS.has(name)) headers[name] = reply.headers.get(name)!;
    }
    this.entries.push({ step, request, status: reply.status, headers, body: reply.json });
    return reply;
  }

  /** A call PaySplit made to the merchant (partner call or webhook): its headers and its body. */
  call(step: string, to: string, call: { headers: IncomingHttpHeaders; body: string }): void {
    const headers: Record<string, unknown> = {};
    for (const name of Object.keys(call.headers).sort()) {
      if (!TRANSPORT_CALL_HEADERS.has(name)) headers[name] = call.headers[name];
    }
    // The body first: an id is named after the field it is first seen in, and webhook-id repeats one of them.
    this.entries.push({ step, to, body: JSON.parse(call.body) as unknown, headers });
  }
}

/**
 * A session read lists its refunds oldest first, ties by refund id. Refunds made together (the
 * parts of one request, an expiry's automatic refunds) are created in an order that depends on
 * their random ids, in the same millisecond or not, so the list's order is checked here and then
 * made stable: grouped by payment in the order of `payments`, oldest first within each.
 */
export function refundsByPayment(body: { payments?: { paymentId: string }[]; refunds?: { paymentId: string; createdAt: string }[] }): void {
  const { payments, refunds } = body;
  if (!payments || !refunds) return;
  refunds.forEach((refund, index) => {
    if (index > 0 && refund.createdAt < refunds[index - 1]!.createdAt)
      throw new Error(`refunds are not oldest first: ${JSON.stringify(refunds)}`);
  });
  const position = (paymentId: string): number => payments.findIndex((payment) => payment.paymentId === paymentId);
  refunds.sort((a, b) => position(a.paymentId) - position(b.paymentId) || a.createdAt.localeCompare(b.createdAt));
}

/**
 * A refund's `attempts` counts partner calls from the moment its call is claimed, which races with
 * a reply read just after the refund was made (the cancel route's session read): 0 or 1 there. A
 * pending refund whose call the journey has not answered yet gets a placeholder for that count.
 */
export function callsInFlight(
  body: { payments?: unknown[]; refunds?: { refundId: string; status: string; attempts: unknown }[] },
  answered: ReadonlySet<string>,
): void {
  for (const refund of body.payments ? (body.refunds ?? []) : []) {
    if (refund.status !== 'pending' || answered.has(refund.refundId)) continue;
    if (refund.attempts !== 0 && refund.attempts !== 1) throw new Error(`a refund in flight with ${String(refund.attempts)} attempts`);
    refund.attempts = '<0 or 1: the call is in flight>';
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TOKEN_IN_URL = /([?&#](?:host)?[tT]oken=)([A-Za-z0-9_-]+)/g;
/** The kind an id is named by when it is first seen under a key that does not say it (`<kind#n>`). */
const KIND_OF_KEY: Readonly<Record<string, string>> = { 'x-request-id': 'request', requestId: 'request' };
/** Keys whose value is a secret-like token that differs on every run. */
const TOKEN_KEYS = new Set(['hostToken']);
/** Keys whose value is a time in unix seconds. */
const UNIX_SECONDS_KEYS = new Set(['webhook-timestamp', 'x-ratelimit-reset']);
/** Counts that depend on how fast the run went (a rate limit's budget, the wait it asks for). */
const ELAPSED_COUNT_KEYS = new Set(['x-ratelimit-remaining', 'retry-after']);

/**
 * Replaces what differs between runs with placeholders:
 * - ids (UUIDs, anywhere in a string) by `<kind#n>`, numbered by first appearance in the fixture,
 *   so the same id is the same placeholder everywhere and a changed relation between ids shows;
 *   the kind is the key the id was first seen under (`sessionId` -> session), or `id` inside text;
 * - tokens (hostToken, `token=` in URLs) by `<token#n>`, numbered the same way;
 * - times in the wire's ISO form by `<time>` (only that exact form: another format stays visible),
 *   unix seconds by `<unix-seconds>`, webhook signatures by `v1,<signature>`;
 * - a rate limit's remaining budget and Retry-After by `<count>` once they are checked to be digits.
 * Times are not numbered: two moments of one run can fall in the same millisecond or not.
 */
export class Placeholders {
  private readonly seen = new Map<string, string>();
  private counter = 0;

  /** `fixed`: text that differs by run but not by meaning (a server's address) and what stands for it. */
  constructor(private readonly fixed: Readonly<Record<string, string>> = {}) {}

  apply(value: unknown, key?: string): unknown {
    if (Array.isArray(value)) return value.map((item) => this.apply(item, key));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.apply(item, name)]));
    }
    return typeof value === 'string' ? this.text(value, key) : value;
  }

  private text(value: string, key: string | undefined): string {
    if (key && TOKEN_KEYS.has(key)) return this.placeholder(value, 'token');
    if (key && UNIX_SECONDS_KEYS.has(key)) return /^\d+$/.test(value) ? '<unix-seconds>' : value;
    if (key && ELAPSED_COUNT_KEYS.has(key)) return /^\d+$/.test(value) ? '<count>' : value;
    if (key === 'webhook-signature') return value.replace(/^v1,[A-Za-z0-9+/]+=*$/, 'v1,<signature>');
    if (ISO_TIME.test(value)) return '<time>';
    const whole = new RegExp(`^${UUID.source}$`, 'i').test(value);
    const kind = (key && (KIND_OF_KEY[key] ?? (whole && /^[a-z]+Ids?$/.test(key) ? key.replace(/Ids?$/, '') : undefined))) || 'id';
    let text = value;
    // Longest first: one server's address can be the start of another's (port 4131 and 41315).
    const fixed = Object.entries(this.fixed).sort(([a], [b]) => b.length - a.length);
    for (const [literal, placeholder] of fixed) text = text.split(literal).join(placeholder);
    return text
      .replace(UUID, (id) => this.placeholder(id.toLowerCase(), kind))
      .replace(TOKEN_IN_URL, (_match, prefix: string, token: string) => `${prefix}${this.placeholder(token, 'token')}`);
  }

  private placeholder(value: string, kind: string): string {
    let found = this.seen.get(value);
    if (!found) {
      this.counter += 1;
      found = `<${kind}#${this.counter}>`;
      this.seen.set(value, found);
    }
    return found;
  }
}

/** Set to 1 to (re)write the fixtures from this run instead of comparing with them. */
export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

/**
 * Compares a recording, with placeholders, byte for byte with its fixture; with UPDATE_GOLDEN=1
 * writes the fixture instead. A difference fails with the first differing lines of both.
 */
export async function expectGolden(fixture: URL, entries: readonly unknown[], fixed: Readonly<Record<string, string>> = {}): Promise<void> {
  const actual = `${JSON.stringify(new Placeholders(fixed).apply(entries), null, 2)}\n`;
  const path = fixture.pathname;
  if (UPDATE_GOLDEN) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, actual);
    return;
  }
  const expected = await readFile(path, 'utf8').catch(() => undefined);
  if (expected === undefined) throw new Error(`No fixture ${path}: run once with UPDATE_GOLDEN=1 and review what it wrote`);
  if (expected === actual) return;
  throw new Error(`The wire differs from ${path}:\n${firstDifference(expected, actual)}`);
}

/** The first differing line of two texts with a few lines around it, numbered, fixture first. */
export function firstDifference(expected: string, actual: string, context = 4): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let line = 0;
  while (line < want.length && line < got.length && want[line] === got[line]) line += 1;
  const from = Math.max(0, line - context);
  const show = (lines: string[], mark: string): string =>
    lines
      .slice(from, line + context + 1)
      .map((text, index) => `${from + index === line ? mark : ' '} ${String(from + index + 1).padStart(5)} | ${text}`)
      .join('\n');
  // The step the line belongs to: the nearest entry heading above it.
  const heading = want
    .slice(0, line + 1)
    .reverse()
    .find((text) => /^ {4}"step": /.test(text));
  return [
    `first difference at line ${line + 1} (fixture has ${want.length} lines, this run ${got.length})${heading ? `, in ${heading.trim().replace(/,$/, '')}` : ''}`,
    '--- fixture',
    show(want, '-'),
    '+++ this run',
    show(got, '+'),
    'If the change is meant: UPDATE_GOLDEN=1, then review the fixture diff before committing it.',
  ].join('\n');
}
