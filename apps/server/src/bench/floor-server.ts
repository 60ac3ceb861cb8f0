import express from 'express';
import pg from 'pg';

/**
 * The floor a benchmark compares PaySplit with: a bare Express handler doing the one equivalent
 * query through pg (an INSERT for creation, a primary-key SELECT for polling). Run as its own
 * process, on the same database, so both sides pay the same HTTP and database costs.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
await pool.query(
  `create table if not exists bench_floor (id uuid primary key default gen_random_uuid(), amount_minor bigint not null, currency text not null, metadata jsonb not null, created_at timestamptz not null default now())`,
);

const app = express();
app.use(express.json());
app.post('/floor/sessions', async (req, res) => {
  const body = req.body as { amountMinor: string; currency?: string; metadata?: object };
  const { rows } = await pool.query<{ id: string }>(
    `insert into bench_floor (amount_minor, currency, metadata) values ($1, $2, $3) returning id`,
    [body.amountMinor, body.currency ?? 'NZD', body.metadata ?? {}],
  );
  res.json({ success: true, sessionId: rows[0]!.id });
});
app.get('/floor/status', async (req, res) => {
  const { rows } = await pool.query(
    `select id, status, currency, amount_minor, paid_minor, expires_at, updated_at from session where id = $1`,
    [req.query.sessionId],
  );
  if (rows.length === 0) {
    res.status(404).json({ success: false });
    return;
  }
  res.set('Cache-Control', 'no-store').json({ success: true, ...rows[0] });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('floor ready\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
