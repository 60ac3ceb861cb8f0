import type { MikroORM } from '@mikro-orm/postgresql';
import { measureExplorerScale } from './explorer-scale.js';
import type { LoadResult } from './load.js';

const EXPLORER_SESSIONS = Number(process.env.BENCH_EXPLORER_SESSIONS ?? 1_000_000);

interface Row {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
}

const rate = (result: LoadResult) => `${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`;

/** The explorer's rows of `npm run bench` (bench/explorer-scale.ts): one per filter, and creation's write cost. */
export async function explorerRows(options: {
  orm: MikroORM;
  databaseUrl: string;
  url: string;
  createHeaders: Record<string, string>;
  createBody: string;
  seconds: number;
  record: (name: string, row: Row, data: unknown) => void;
}): Promise<void> {
  const scale = await measureExplorerScale({ ...options, sessions: EXPLORER_SESSIONS });
  const [counted] = await options.orm.em.getConnection().execute<{ stored: string }[]>(`select count(*)::text as stored from session`);
  const stored = counted?.stored ?? '0';
  const worst = Math.max(...scale.cases.flatMap((entry) => [entry.first.p99Ms, entry.deep?.p99Ms ?? 0]));
  for (const [index, entry] of scale.cases.entries()) {
    options.record(
      `explorer-${index + 1}`,
      {
        benchmark: `explorer (${Number(stored).toLocaleString('en')} sessions, 50 a page, ${entry.via}): ${entry.name}`,
        figure: `first page p99 ${entry.first.p99Ms} ms${entry.deep ? `, deep page p99 ${entry.deep.p99Ms} ms` : ''}; SQL alone p99 ${entry.sql.first.p99Ms}${entry.sql.deep ? ` / ${entry.sql.deep.p99Ms}` : ''} ms (${entry.indexes.join(', ') || 'no index'})`,
        baseline: `target p99 < ${scale.targetP99Ms} ms`,
        ratio: (Math.max(entry.first.p99Ms, entry.deep?.p99Ms ?? 0) / scale.targetP99Ms).toFixed(2),
      },
      { stored: Number(stored), seedSeconds: scale.seedSeconds, samples: scale.samples, ...entry },
    );
  }
  const { withKeysetIndexes, withPreviousIndexes } = scale.creation;
  options.record(
    'explorer-creation-cost',
    {
      benchmark: 'REST create session (max throughput) with the explorer keyset indexes',
      figure: rate(withKeysetIndexes),
      baseline: `previous session indexes, same table and run (better of two alternating rounds each): ${rate(withPreviousIndexes)}; worst explorer p99 ${worst} ms`,
      ratio: (withKeysetIndexes.requestsPerSecond / Math.max(1, withPreviousIndexes.requestsPerSecond)).toFixed(2),
    },
    { ...scale.creation, seedSeconds: scale.seedSeconds, sessionsSeeded: scale.sessions },
  );
}
