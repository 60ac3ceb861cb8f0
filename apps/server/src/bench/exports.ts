import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChildServer } from './load.js';

/** Sessions seeded for the export rows, each with PAYMENTS_PER_SESSION payments. */
const PAYMENTS_PER_SESSION = 4;
const SESSION_SPACING_SECONDS = 10;
const START = Date.UTC(2026, 0, 1);

export interface ExportRun {
  rows: number;
  firstByteMs: number;
  totalMs: number;
  rowsPerSecond: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

export interface ExportMeasurement {
  payments: number;
  seedSeconds: number;
  small: ExportRun;
  large: ExportRun;
  targets: { firstByteMs: number; rssGrowthMb: number };
}

/**
 * Seeds `payments` payments of one integration straight into PostgreSQL (sessions ten seconds
 * apart, four payments each, all in January 2026), in statements that stay inside the 15 s
 * statement timeout.
 */
export async function seedPayments(orm: MikroORM, integrationId: string, payments: number): Promise<void> {
  const sessions = Math.ceil(payments / PAYMENTS_PER_SESSION);
  const connection = orm.em.getConnection();
  for (let done = 0; done < sessions; done += 12_500) {
    const batch = Math.min(12_500, sessions - done);
    await connection.execute(
      `with made as (
         insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, metadata,
                              expires_at, version, created_at, updated_at)
         select gen_random_uuid(), ?, 'test', 'completed', 'NZD', ?, ?, md5(random()::text || g::text), '{}',
                to_timestamp(? / 1000.0) + (g + 1) * interval '${SESSION_SPACING_SECONDS} seconds', 1,
                to_timestamp(? / 1000.0) + g * interval '${SESSION_SPACING_SECONDS} seconds', now()
           from generate_series(?::int, ?::int) g
         returning id, created_at
       )
       insert into payment (id, session_id, payer_id, payer_role, amount_minor, status, processor_reference, record_replies,
                            authorized_at, created_at, updated_at)
       select gen_random_uuid(), made.id, gen_random_uuid(), 'participant', 1000 + k, 'authorized', 'pi_' || md5(made.id::text || k::text), '{}',
              made.created_at + k * interval '1 second', made.created_at + k * interval '1 second', now()
         from made cross join generate_series(1, ${PAYMENTS_PER_SESSION}) k`,
      [integrationId, 4_010, 4_010, START, START, done, done + batch - 1],
    );
  }
  await connection.execute('vacuum (analyze) session');
  await connection.execute('vacuum (analyze) payment');
  await connection.execute('checkpoint');
}

/**
 * One export over HTTP, read as fast as this process can: when the first byte came, how long the
 * whole took, how many rows (CSV records after the header), and the server's RSS sampled every
 * 50 ms while it streamed.
 */
export async function runExport(server: ChildServer, apiKey: string, rows: number): Promise<ExportRun> {
  const to = new Date(START + (rows / PAYMENTS_PER_SESSION) * SESSION_SPACING_SECONDS * 1000).toISOString();
  const url = `${server.url}/api/v1/exports/payments?from=${new Date(START).toISOString()}&to=${to}&format=csv`;
  const rssBeforeMb = await server.rssMb();
  let rssPeakMb = rssBeforeMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeakMb = Math.max(rssPeakMb, await server.rssMb());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-service-api-key': apiKey } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let firstByteMs: number | undefined;
  let lines = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.value.length;
    for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) lines += 1;
  }
  const totalMs = performance.now() - started;
  sampling = false;
  await sampler;
  const exported = lines - 1;
  if (exported !== rows) throw new Error(`the export held ${exported} rows, not ${rows}`);
  return {
    rows: exported,
    firstByteMs: Math.round(firstByteMs ?? totalMs),
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round(exported / (totalMs / 1000)),
    bytes,
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
  };
}

/**
 * `BENCH_ONLY=exports` (and the full run): a reconciliation export of `payments` payments beside
 * one of 10,000 in the same run, on the same table.
 */
export async function measureExports(options: {
  orm: MikroORM;
  server: ChildServer;
  integrationId: string;
  apiKey: string;
  payments: number;
}): Promise<ExportMeasurement> {
  const seeding = performance.now();
  await seedPayments(options.orm, options.integrationId, options.payments);
  const seedSeconds = Math.round((performance.now() - seeding) / 1000);
  // A small export first (the code paths warm), then the large one.
  await runExport(options.server, options.apiKey, 10_000);
  const small = await runExport(options.server, options.apiKey, 10_000);
  const large = await runExport(options.server, options.apiKey, options.payments);
  return { payments: options.payments, seedSeconds, small, large, targets: { firstByteMs: 1_000, rssGrowthMb: 50 } };
}
