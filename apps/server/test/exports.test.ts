import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { EXPORT_COLUMNS, EXPORT_KINDS, type ExportKind, formatMinorUnits, requireCurrency } from '@paysplit/domain';
import { createClient } from '@paysplit/sdk';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import { until } from './support/polling.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Reconciliation exports over HTTP against a real database: rows written with SQL (what is stored
 * matters here, and the range edges need exact instants), read back through the API and the
 * administration area's download, parsed with csv-parse and JSON.parse, and summed against SQL.
 */
let server: TestServer;
type Shop = { integrationId: string; apiKey: string };
let shop: Shop;
let shopLive: string;
let other: Shop;

const FROM = '2026-06-01T00:00:00Z';
const TO = '2026-07-01T00:00:00Z';
const at = (iso: string) => new Date(iso);
const PAGE_ROWS = 500;
/** Payments created at one instant: more than two pages tied on created_at, ordered by id alone. */
const TIED_PAYMENTS = 1_200;

beforeAll(async () => {
  server = await startTestServer({
    jobs: false,
    environment: { EXPORT_PAGE_ROWS: String(PAGE_ROWS), EXPORT_STALL_TIMEOUT_MS: '3000' },
  });
  shop = await server.provision({ name: 'Exporting shop' });
  shopLive = (await server.paysplit.services.apiKeys.createApiKey(server.orm.em.fork(), shop.integrationId, 'live')).apiKey;
  other = await server.provision({ name: 'Another shop' });
  await seedDataSet();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface SessionSeed {
  integrationId?: string;
  mode?: 'test' | 'live';
  currency: string;
  amountMinor: number;
  paidMinor?: number;
  refundedMinor?: number;
  status?: string;
  captureMethod?: 'automatic' | 'manual';
  orderReference?: string | null;
  createdAt: string;
}

async function seedSession(seed: SessionSeed): Promise<string> {
  const id = randomUUID();
  await server.query(
    `insert into session (id, integration_id, mode, status, capture_method, currency, amount_minor, paid_minor, refunded_minor,
                          host_token_hash, order_reference, metadata, expires_at, version, completed_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?::timestamptz + interval '3 days', 1,
             case when ? = 'completed' then ?::timestamptz + interval '1 hour' end, ?, now())`,
    [
      id,
      seed.integrationId ?? shop.integrationId,
      seed.mode ?? 'test',
      seed.status ?? 'open',
      seed.captureMethod ?? 'automatic',
      seed.currency,
      seed.amountMinor,
      seed.paidMinor ?? 0,
      seed.refundedMinor ?? 0,
      randomUUID(),
      seed.orderReference ?? null,
      seed.createdAt,
      seed.status ?? 'open',
      seed.createdAt,
      seed.createdAt,
    ],
  );
  return id;
}

async function seedPayment(
  sessionId: string,
  seed: { amountMinor: number; status: string; captureMethod?: string; processorReference?: string | null; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  const held = seed.captureMethod === 'manual' && ['authorized', 'captured', 'released', 'capture_failed'].includes(seed.status);
  await server.query(
    `insert into payment (id, session_id, payer_id, payer_role, amount_minor, status, capture_method, processor_reference,
                          record_replies, authorized_at, captured_at, released_at, created_at, updated_at)
     values (?, ?, ?, 'participant', ?, ?, ?, ?, '{}', ?, ?, ?, ?, now())`,
    [
      id,
      sessionId,
      randomUUID(),
      seed.amountMinor,
      seed.status,
      seed.captureMethod ?? 'automatic',
      seed.processorReference ?? null,
      seed.status === 'authorized' || held ? seed.createdAt : null,
      seed.status === 'captured' ? seed.createdAt : null,
      seed.status === 'released' ? seed.createdAt : null,
      seed.createdAt,
    ],
  );
  return id;
}

async function seedCall(
  table: 'payment_call' | 'refund',
  sessionId: string,
  paymentId: string,
  seed: { kind?: 'capture' | 'cancel'; reason?: string | null; amountMinor: number; currency: string; status: string; createdAt: string },
): Promise<void> {
  const settled = seed.status === 'pending' ? null : seed.createdAt;
  if (table === 'payment_call') {
    await server.query(
      `insert into payment_call (id, session_id, payment_id, payer_id, kind, reason, amount_minor, currency, status, call_status,
                                 next_attempt_at, created_at, settled_at, updated_at)
       select ?, ?, ?, payer_id, ?, ?, ?, ?, ?, 'done', now(), ?, ?, now() from payment where id = ?`,
      [
        randomUUID(),
        sessionId,
        paymentId,
        seed.kind,
        seed.reason,
        seed.amountMinor,
        seed.currency,
        seed.status,
        seed.createdAt,
        settled,
        paymentId,
      ],
    );
  } else {
    await server.query(
      `insert into refund (id, session_id, payment_id, payer_id, amount_minor, currency, status, source, reason, call_status,
                           next_attempt_at, created_at, settled_at, updated_at)
       select ?, ?, ?, payer_id, ?, ?, ?, 'merchant', ?, 'done', now(), ?, ?, now() from payment where id = ?`,
      [randomUUID(), sessionId, paymentId, seed.amountMinor, seed.currency, seed.status, seed.reason, seed.createdAt, settled, paymentId],
    );
  }
}

/** NZD, JPY and KWD (exponents 2, 0, 3) with captures, releases and refunds; edges, live rows and another tenant's around them. */
async function seedDataSet(): Promise<void> {
  // NZD, automatic: a payment taken and partly refunded (the reason looks like a formula), one that failed and its checkout closed.
  const nzd = await seedSession({
    currency: 'NZD',
    amountMinor: 3000,
    paidMinor: 2000,
    refundedMinor: 500,
    status: 'completed',
    orderReference: 'Order, "42"\nÜmlaut',
    createdAt: '2026-06-02T10:00:00.123Z',
  });
  const nzdPaid = await seedPayment(nzd, {
    amountMinor: 2000,
    status: 'authorized',
    processorReference: 'pi_1',
    createdAt: '2026-06-02T10:05:00Z',
  });
  const nzdFailed = await seedPayment(nzd, { amountMinor: 1000, status: 'failed', createdAt: '2026-06-02T10:06:00Z' });
  await seedCall('refund', nzd, nzdPaid, {
    amountMinor: 500,
    currency: 'NZD',
    status: 'succeeded',
    reason: '=HYPERLINK("https://evil.example","click")',
    createdAt: '2026-06-03T00:00:00Z',
  });
  await seedCall('payment_call', nzd, nzdFailed, {
    kind: 'cancel',
    reason: 'replaced',
    amountMinor: 1000,
    currency: 'NZD',
    status: 'succeeded',
    createdAt: '2026-06-02T10:07:00Z',
  });
  // JPY, manual: one hold captured and partly refunded (pending), one released.
  const jpy = await seedSession({
    currency: 'JPY',
    amountMinor: 5000,
    paidMinor: 2500,
    status: 'capturing',
    captureMethod: 'manual',
    createdAt: '2026-06-10T00:00:00Z',
  });
  const jpyCaptured = await seedPayment(jpy, {
    amountMinor: 2500,
    status: 'captured',
    captureMethod: 'manual',
    createdAt: '2026-06-10T01:00:00Z',
  });
  const jpyReleased = await seedPayment(jpy, {
    amountMinor: 2500,
    status: 'released',
    captureMethod: 'manual',
    createdAt: '2026-06-10T02:00:00Z',
  });
  await seedCall('payment_call', jpy, jpyCaptured, {
    kind: 'capture',
    reason: 'session_complete',
    amountMinor: 2500,
    currency: 'JPY',
    status: 'succeeded',
    createdAt: '2026-06-11T00:00:00Z',
  });
  await seedCall('payment_call', jpy, jpyReleased, {
    kind: 'cancel',
    reason: 'session_cancelled',
    amountMinor: 2500,
    currency: 'JPY',
    status: 'succeeded',
    createdAt: '2026-06-11T00:00:01Z',
  });
  await seedCall('refund', jpy, jpyCaptured, {
    amountMinor: 1000,
    currency: 'JPY',
    status: 'pending',
    reason: null,
    createdAt: '2026-06-12T00:00:00Z',
  });
  // KWD, automatic: a processor reference that needs quoting and would start a formula; a failed refund.
  const kwd = await seedSession({
    currency: 'KWD',
    amountMinor: 12345,
    paidMinor: 12345,
    status: 'completed',
    createdAt: '2026-06-20T00:00:00Z',
  });
  const kwdPaid = await seedPayment(kwd, {
    amountMinor: 12345,
    status: 'authorized',
    processorReference: '-1,"x"',
    createdAt: '2026-06-20T00:01:00Z',
  });
  await seedCall('refund', kwd, kwdPaid, {
    amountMinor: 1250,
    currency: 'KWD',
    status: 'failed',
    reason: 'Too late',
    createdAt: '2026-06-21T00:00:00Z',
  });
  // NZD payments all created at one instant, over several pages.
  await server.query(
    `insert into payment (id, session_id, payer_id, payer_role, amount_minor, status, record_replies, created_at, updated_at)
     select gen_random_uuid(), ?, gen_random_uuid(), 'participant', g, 'redirected', '{}', '2026-06-15T00:00:00Z', now()
       from generate_series(1, ?) g`,
    [nzd, TIED_PAYMENTS],
  );
  // The edges of [FROM, TO): the first instant is in, the last microsecond is in, TO is out, so is the microsecond before FROM.
  await seedSession({ currency: 'NZD', amountMinor: 101, createdAt: '2026-06-01T00:00:00Z' });
  await seedSession({ currency: 'NZD', amountMinor: 102, createdAt: '2026-06-30T23:59:59.999999Z' });
  await seedSession({ currency: 'NZD', amountMinor: 103, createdAt: '2026-07-01T00:00:00Z' });
  await seedSession({ currency: 'NZD', amountMinor: 104, createdAt: '2026-05-31T23:59:59.999999Z' });
  // The same shop's live mode, and another shop, inside the range.
  const live = await seedSession({ mode: 'live', currency: 'NZD', amountMinor: 7000, createdAt: '2026-06-05T00:00:00Z' });
  await seedPayment(live, { amountMinor: 7000, status: 'authorized', createdAt: '2026-06-05T00:01:00Z' });
  const theirs = await seedSession({
    integrationId: other.integrationId,
    currency: 'JPY',
    amountMinor: 9000,
    createdAt: '2026-06-05T00:00:00Z',
  });
  const theirPayment = await seedPayment(theirs, {
    amountMinor: 9000,
    status: 'captured',
    captureMethod: 'manual',
    createdAt: '2026-06-05T00:01:00Z',
  });
  await seedCall('payment_call', theirs, theirPayment, {
    kind: 'capture',
    reason: 'session_complete',
    amountMinor: 9000,
    currency: 'JPY',
    status: 'succeeded',
    createdAt: '2026-06-06T00:00:00Z',
  });
  await seedCall('refund', theirs, theirPayment, {
    amountMinor: 9000,
    currency: 'JPY',
    status: 'succeeded',
    reason: null,
    createdAt: '2026-06-06T00:00:00Z',
  });
}

/** The same rows as SQL sees them: the table, its id column and the condition of each kind. */
const TRUTH: Record<ExportKind, { table: string; id: string; where?: string; amounts: string[] }> = {
  sessions: { table: 'session t join session s on s.id = t.id', id: 'session_id', amounts: ['amount', 'paid', 'refunded'] },
  payments: { table: 'payment t join session s on s.id = t.session_id', id: 'payment_id', amounts: ['amount', 'refunded'] },
  captures: {
    table: 'payment_call t join session s on s.id = t.session_id',
    id: 'capture_id',
    where: `t.kind = 'capture'`,
    amounts: ['amount'],
  },
  releases: {
    table: 'payment_call t join session s on s.id = t.session_id',
    id: 'cancel_id',
    where: `t.kind = 'cancel'`,
    amounts: ['amount'],
  },
  refunds: { table: 'refund t join session s on s.id = t.session_id', id: 'refund_id', amounts: ['amount'] },
};

async function truth(kind: ExportKind, integrationId: string, mode: string): Promise<{ ids: string[]; sums: Record<string, string> }> {
  const { table, where, amounts } = TRUTH[kind];
  const condition = `s.integration_id = ? and s.mode = ? and t.created_at >= ? and t.created_at < ?${where ? ` and ${where}` : ''}`;
  const parameters = [integrationId, mode, at(FROM), at(TO)];
  const ids = await server.query<{ id: string }>(
    `select t.id::text as id from ${table} where ${condition} order by t.created_at, t.id`,
    parameters,
  );
  const sums: Record<string, string> = {};
  for (const amount of amounts) {
    const rows = await server.query<{ currency: string; total: string }>(
      `select s.currency, sum(t.${amount}_minor)::text as total from ${table} where ${condition} group by s.currency`,
      parameters,
    );
    for (const row of rows) sums[`${row.currency} ${amount}`] = row.total;
  }
  return { ids: ids.map((row) => row.id), sums };
}

type Row = Record<string, unknown>;

async function exportOf(kind: string, query: string, headers: Record<string, string> = { 'x-service-api-key': shop.apiKey }) {
  const response = await fetch(`${server.baseUrl}/api/v1/exports/${kind}?${query}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const rangeQuery = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

function sumsOf(rows: Row[], amounts: string[]): Record<string, string> {
  const sums: Record<string, bigint> = {};
  for (const row of rows) {
    for (const amount of amounts) {
      const key = `${String(row.currency)} ${amount}`;
      sums[key] = (sums[key] ?? 0n) + BigInt(row[`${amount}_minor`] as string);
    }
  }
  return Object.fromEntries(Object.entries(sums).map(([key, total]) => [key, total.toString()]));
}

/** A JSON lines row as CSV writes it: null empty, booleans as words, a leading formula character behind an apostrophe. */
const asCsv = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value === null
        ? ''
        : typeof value === 'boolean'
          ? String(value)
          : /^[=+\-@\t\r]/.test(value as string)
            ? `'${value as string}`
            : value,
    ]),
  );

describe('reconciliation exports', () => {
  it.each(EXPORT_KINDS)(
    '%s: the CSV and the JSON lines hold the same rows, and their sums per currency equal the database’s',
    async (kind) => {
      const expected = await truth(kind, shop.integrationId, 'test');
      const csv = await exportOf(kind, `${rangeQuery}&format=csv`);
      const jsonl = await exportOf(kind, rangeQuery, { 'x-service-api-key': shop.apiKey, accept: 'application/x-ndjson' });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="paysplit-${kind}-test-20260601T000000Z-20260701T000000Z.csv"`,
      );
      expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');

      // RFC 4180: CRLF after every record, the header first, parsed by a standard parser.
      expect(csv.text.endsWith('\r\n')).toBe(true);
      const names = EXPORT_COLUMNS[kind].map((column) => column.name);
      expect(csv.text.split('\r\n', 1)[0]).toBe(names.join(','));
      const csvRows = parseCsv(csv.text, { columns: true, relax_quotes: false }) as Row[];
      const jsonRows = jsonl.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
      expect(jsonRows.map((row) => Object.keys(row))).toEqual(jsonRows.map(() => names));

      // Every row of the range, scope and mode, once, oldest first (ties by id); nothing else.
      const idColumn = TRUTH[kind].id;
      expect(jsonRows.map((row) => row[idColumn])).toEqual(expected.ids);
      expect(csvRows).toEqual(jsonRows.map(asCsv));
      expect(sumsOf(jsonRows, TRUTH[kind].amounts)).toEqual(expected.sums);
      expect(sumsOf(csvRows, TRUTH[kind].amounts)).toEqual(expected.sums);

      for (const row of jsonRows) {
        expect(row.mode).toBe('test');
        expect([row.fee_minor, row.fee]).toEqual([null, null]);
        // Major units: the exact decimal of the minor ones, in the currency's exponent.
        for (const amount of TRUTH[kind].amounts) {
          expect(row[amount]).toBe(
            formatMinorUnits(BigInt(row[`${amount}_minor`] as string), requireCurrency(row.currency as string).exponent),
          );
        }
        expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
    },
  );

  it('writes amounts in each currency’s exponent, text exactly as stored, and keeps formulas out of spreadsheet cells', async () => {
    const sessions = (await exportOf('sessions', `${rangeQuery}&format=jsonl`)).text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
    const byCurrency = Object.fromEntries(sessions.filter((row) => Number(row.amount_minor) > 1000).map((row) => [row.currency, row]));
    expect(byCurrency.NZD).toMatchObject({
      amount_minor: '3000',
      amount: '30.00',
      paid: '20.00',
      refunded: '5.00',
      order_reference: 'Order, "42"\nÜmlaut',
    });
    expect(byCurrency.NZD).toMatchObject({
      created_at: '2026-06-02T10:00:00.123Z',
      completed_at: '2026-06-02T11:00:00.123Z',
      status: 'completed',
    });
    expect(byCurrency.JPY).toMatchObject({
      amount_minor: '5000',
      amount: '5000',
      capture_method: 'manual',
      status: 'capturing',
      completed_at: null,
    });
    expect(byCurrency.KWD).toMatchObject({ amount_minor: '12345', amount: '12.345' });

    const releases = (await exportOf('releases', `${rangeQuery}&format=jsonl`)).text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
    expect(releases.map((row) => [row.reason, row.held, row.amount])).toEqual([
      ['replaced', false, '10.00'],
      ['session_cancelled', true, '2500'],
    ]);

    const refunds = await exportOf('refunds', `${rangeQuery}&format=csv`);
    // The formula is written behind an apostrophe, quoted because it holds quotes; JSON lines keep it as sent.
    expect(refunds.text).toContain(`,"'=HYPERLINK(""https://evil.example"",""click"")",`);
    const payments = await exportOf('payments', `${rangeQuery}&format=csv`);
    expect(payments.text).toContain(`,"'-1,""x""",`);
  });

  it('is half-open: the first instant and the last microsecond are in, `to` is not', async () => {
    const edges = async (from: string, to: string) => {
      const { text } = await exportOf('sessions', `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=jsonl`);
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as Row).amount_minor)
        .filter((amount) => Number(amount) < 200);
    };
    expect(await edges(FROM, TO)).toEqual(['101', '102']);
    expect(await edges('2026-05-31', '2026-06-01')).toEqual(['104']);
    expect(await edges('2026-07-01T00:00:00Z', '2026-07-02')).toEqual(['103']);
    // The same instants written with an offset.
    expect(await edges('2026-06-01T12:00:00+12:00', '2026-07-01T12:00:00+12:00')).toEqual(['101', '102']);
  });

  it('shows a key its own integration’s rows in its own mode only', async () => {
    for (const kind of EXPORT_KINDS) {
      const live = await exportOf(kind, `${rangeQuery}&format=jsonl`, { 'x-service-api-key': shopLive });
      const theirs = await exportOf(kind, `${rangeQuery}&format=jsonl`, { 'x-service-api-key': other.apiKey });
      const liveRows = live.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
      const theirRows = theirs.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
      expect(
        liveRows.map((row) => row[TRUTH[kind].id]),
        kind,
      ).toEqual((await truth(kind, shop.integrationId, 'live')).ids);
      expect(
        theirRows.map((row) => row[TRUTH[kind].id]),
        kind,
      ).toEqual((await truth(kind, other.integrationId, 'test')).ids);
      expect(liveRows.every((row) => row.mode === 'live')).toBe(true);
    }
    expect(rowCount(await exportOf('payments', rangeQuery, { 'x-service-api-key': shopLive }))).toBe(1);
    expect(rowCount(await exportOf('captures', rangeQuery, { 'x-service-api-key': other.apiKey }))).toBe(1);
  });

  it('refuses what it cannot answer with a coded error, before any row', async () => {
    const refusal = async (kind: string, query: string, headers?: Record<string, string>) => {
      const { status, text } = await exportOf(kind, query, headers);
      const body = JSON.parse(text) as { success: boolean; code: string; details?: { path: string }[] };
      return { status, code: body.code, paths: body.details?.map((detail) => detail.path) };
    };
    expect(await refusal('payments', '')).toEqual({ status: 400, code: 'VALIDATION_ERROR', paths: ['from', 'to'] });
    expect(await refusal('payments', `${rangeQuery}&format=xlsx`)).toEqual({ status: 400, code: 'VALIDATION_ERROR', paths: ['format'] });
    expect(await refusal('payments', 'from=2026-06-02&to=2026-06-01&format=pdf')).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      paths: ['format', 'to'],
    });
    expect(await refusal('payments', 'from=2025-01-01&to=2026-01-03')).toMatchObject({ status: 400, paths: ['to'] });
    expect(await refusal('payments', 'from=2026-06-01T00:00:00&to=2026-07-01')).toMatchObject({ status: 400, paths: ['from'] });
    expect(await refusal('payments', 'from=a&from=b&to=2026-07-01')).toMatchObject({ status: 400, paths: ['from'] });
    expect(await refusal('invoices', rangeQuery)).toEqual({ status: 404, code: 'NOT_FOUND', paths: undefined });
    expect(await refusal('payments', rangeQuery, {})).toMatchObject({ status: 401, code: 'MISSING_API_KEY' });
    expect(await refusal('payments', rangeQuery, { 'x-service-api-key': 'ps_test_nope' })).toMatchObject({
      status: 401,
      code: 'INVALID_API_KEY',
    });
    expect(await refusal('payments', rangeQuery, { 'x-service-api-key': shop.apiKey, origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      code: 'BROWSER_REQUEST_FORBIDDEN',
    });
    // Each is in the request log like any merchant API request, with its status and code.
    await server.paysplit.services.requestLogWriter.flush();
    const logged = await server.query<{ status: number; error_code: string | null }>(
      `select status, error_code from request_log where path like '/api/v1/exports/%' and error_code = 'INVALID_API_KEY'`,
    );
    expect(logged).toEqual([{ status: 401, error_code: 'INVALID_API_KEY' }]);
  });

  it('keeps an export in the request log as its stream ends, against the key’s integration', async () => {
    const { status } = await exportOf('payments', rangeQuery);
    expect(status).toBe(200);
    await server.paysplit.services.requestLogWriter.flush();
    const [row] = await server.query<{ status: number; integration_id: string }>(
      `select status, integration_id from request_log where path = '/api/v1/exports/payments' and status = 200 order by at desc limit 1`,
    );
    expect(row).toEqual({ status: 200, integration_id: shop.integrationId });
  });

  it('reads through the SDK: rows as they arrive, and the file as a stream', async () => {
    const paysplit = createClient({ apiKey: shop.apiKey, baseUrl: server.baseUrl });
    const rows = [];
    for await (const row of paysplit.exports.rows('refunds', { from: new Date(FROM), to: new Date(TO) })) rows.push(row);
    const expected = await truth('refunds', shop.integrationId, 'test');
    expect(rows.map((row) => row.refund_id)).toEqual(expected.ids);
    expect(sumsOf(rows, ['amount'])).toEqual(expected.sums);
    const file = await paysplit.exports.stream('refunds', { from: FROM, to: TO, format: 'csv' });
    expect(file.fileName).toBe('paysplit-refunds-test-20260601T000000Z-20260701T000000Z.csv');
    expect(parseCsv(await new Response(file.body).text(), { columns: true })).toHaveLength(expected.ids.length);
  });

  it('counts against the merchant API’s rate limit like the other reads', async () => {
    const first = await exportOf('sessions', rangeQuery);
    const second = await exportOf('sessions', rangeQuery);
    expect(first.headers.get('x-ratelimit-limit')).toBe('600');
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
  });
});

/** How many data rows a response had. */
function rowCount(response: { text: string }): number {
  return response.text.split('\n').filter(Boolean).length - (response.text.startsWith('{') ? 0 : 1);
}

async function metric(name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels} `) || (labels === '' && entry.startsWith(`${name} `)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Backends of the dashboards' pool in this test's database doing anything but waiting idle. */
async function busyExportConnections(): Promise<number> {
  const [row] = await server.query<{ busy: string }>(
    `select count(*)::text as busy from pg_stat_activity
      where datname = current_database() and application_name = 'paysplit-dashboard' and state <> 'idle'`,
  );
  return Number(row!.busy);
}

/** An export whose client reads the headers and then nothing: the server must stop, not buffer. */
function pausedExport(shopKey: string): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}/api/v1/exports/payments?from=2020-01-01&to=2020-12-31&format=csv`, {
      headers: { 'x-service-api-key': shopKey },
    });
    request.on('response', (response) => {
      response.pause();
      resolve({ request, response });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('streaming', () => {
  const BULK = 40_000;
  let bulk: Shop;

  beforeAll(async () => {
    // Far more than the sockets' buffers hold, in a year of its own.
    bulk = await server.provision({ name: 'Bulk shop' });
    const sessionId = await seedSession({
      integrationId: bulk.integrationId,
      currency: 'NZD',
      amountMinor: 1,
      createdAt: '2020-01-01T00:00:00Z',
    });
    await server.query(
      `insert into payment (id, session_id, payer_id, payer_role, amount_minor, status, processor_reference, record_replies, created_at, updated_at)
       select gen_random_uuid(), ?, gen_random_uuid(), 'participant', g, 'authorized', 'pi_' || md5(g::text), '{}',
              timestamptz '2020-01-01' + g * interval '1 second', now()
         from generate_series(1, ?) g`,
      [sessionId, BULK],
    );
  });

  it('stops reading while its client does not read, holds no connection meanwhile, and ends when the client goes away or stalls', async () => {
    const rowsBefore = await metric('paysplit_export_rows_total', '{kind="payments"}');
    const goneBefore = await metric('paysplit_exports_ended_total', '{outcome="client_gone"}');
    const stalledBefore = await metric('paysplit_exports_ended_total', '{outcome="stalled"}');
    const paused = await Promise.all([pausedExport(bulk.apiKey), pausedExport(bulk.apiKey), pausedExport(bulk.apiKey)]);
    // A fourth export of the same integration waits its turn.
    await until(
      () => metric('paysplit_exports_running'),
      (running) => running === 3,
    );
    const fourth = await exportOf('payments', 'from=2020-01-01&to=2020-12-31', { 'x-service-api-key': bulk.apiKey });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('10');
    expect(JSON.parse(fourth.text)).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });

    // Two clients go away: their exports end.
    for (const { request } of paused.slice(0, 2)) request.destroy();
    await until(
      () => metric('paysplit_exports_ended_total', '{outcome="client_gone"}'),
      (gone) => gone === goneBefore + 2,
    );
    // The third waits for its client to read, and no query runs for it.
    await until(
      () => metric('paysplit_exports_waiting'),
      (waiting) => waiting === 1,
    );
    const readWhenWaiting = await metric('paysplit_export_rows_total', '{kind="payments"}');
    expect(await busyExportConnections()).toBe(0);
    // It reads nothing for EXPORT_STALL_TIMEOUT_MS: its export is ended, the file left incomplete.
    const { response } = paused[2]!;
    await until(
      () => metric('paysplit_exports_ended_total', '{outcome="stalled"}'),
      (stalled) => stalled === stalledBefore + 1,
    );
    // Nothing more was read from the database while it waited, and not the whole range before.
    const read = await metric('paysplit_export_rows_total', '{kind="payments"}');
    expect(read).toBe(readWhenWaiting);
    expect(read - rowsBefore).toBeLessThan(3 * BULK);
    const closed = new Promise<void>((resolve) => response.on('close', resolve));
    response.resume();
    await closed;
    expect(response.complete).toBe(false);

    expect(await metric('paysplit_exports_running')).toBe(0);
    expect(await busyExportConnections()).toBe(0);
    // Their places are free again.
    expect((await exportOf('payments', 'from=2020-01-01&to=2020-01-02', { 'x-service-api-key': bulk.apiKey })).status).toBe(200);
  });
});

describe('the administration area’s download', () => {
  const PASSWORD = 'correct horse battery staple';

  async function download(client: AdminClient, form: Record<string, string>) {
    const response = await fetch(`${server.baseUrl}/admin/exports`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: client.cookie },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  it('streams what the API streams, for the merchant user’s own integrations only, with the CSRF token as a field', async () => {
    const owner = new AdminClient(server.baseUrl);
    await owner.register(`owner-${randomUUID()}@example.com`, PASSWORD);
    const created = await owner.ok(`mutation { createIntegration(input: { name: "Owned" }) { id } }`);
    const integrationId = created.createIntegration.id as string;
    const key = await owner.ok(`mutation($id: ID!) { createApiKey(integrationId: $id, mode: TEST) { apiKey } }`, { id: integrationId });
    const sessionId = await seedSession({ integrationId, currency: 'KWD', amountMinor: 1500, createdAt: '2026-06-03T00:00:00Z' });
    await seedPayment(sessionId, { amountMinor: 1500, status: 'authorized', createdAt: '2026-06-03T00:01:00Z' });

    const form = { integrationId, kind: 'payments', mode: 'test', from: FROM, to: TO, format: 'csv', csrfToken: owner.csrfToken };
    const downloaded = await download(owner, form);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="paysplit-payments-test-/);
    const viaApi = await exportOf('payments', `${rangeQuery}&format=csv`, { 'x-service-api-key': key.createApiKey.apiKey as string });
    expect(downloaded.text).toBe(viaApi.text);
    expect((parseCsv(downloaded.text, { columns: true }) as Row[]).map((row) => row.amount)).toEqual(['1.500']);

    // Another merchant's integration is not found; without the CSRF token, or signed out, nothing streams.
    const stranger = new AdminClient(server.baseUrl);
    await stranger.register(`stranger-${randomUUID()}@example.com`, PASSWORD);
    const notTheirs = await download(stranger, { ...form, csrfToken: stranger.csrfToken });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(notTheirs.text).toContain('NOT_FOUND');
    expect((await download(owner, { ...form, csrfToken: 'forged' })).status).toBe(403);
    expect((await download(new AdminClient(server.baseUrl), form)).status).toBe(401);
    const badMode = await download(owner, { ...form, mode: 'both' });
    expect([badMode.status, badMode.text.includes('mode: must be test or live')]).toEqual([400, true]);
    expect((await download(owner, { ...form, to: '2030-01-01' })).status).toBe(400);
  });
});

describe('docs/exports.md', () => {
  it('lists every column of every kind in order, with its type and whether it may be empty, as the code has them', async () => {
    const doc = await readFile(new URL('../../../docs/exports.md', import.meta.url), 'utf8');
    // Each `### \`kind\`` heading's table: # | column | type | empty? | what.
    const documented = Object.fromEntries(
      doc
        .split(/^### /m)
        .slice(1)
        .map((section) => [
          /^`(\w+)`/.exec(section)?.[1],
          [...section.matchAll(/^\| \d+ +\| `(\w+)` +\| (\w+) +\| ([\w ]+?) +\|/gm)].map(
            ([, name, type, empty]) => `${name} ${type} ${empty}`,
          ),
        ]),
    );
    const coded = Object.fromEntries(
      EXPORT_KINDS.map((kind) => [
        kind,
        EXPORT_COLUMNS[kind].map(
          (column) => `${column.name} ${column.type} ${column.type === 'fee' ? 'always' : column.nullable ? 'may be' : 'never'}`,
        ),
      ]),
    );
    expect(documented).toEqual(coded);
  });
});
