import express from 'express';
import pg from 'pg';

/**
 * The floor a benchmark compares PaySplit with: a bare Express handler doing the one equivalent
 * query through pg (an INSERT for creation, a primary-key SELECT for polling). Run as its own
 * process, on the same database, so both sides pay the same HTTP and database costs.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);

const app = express();
app.use(express.json());
// The same row PaySplit writes for a participant-less session, into the same table (same indexes,
// same foreign key), with one plain parameterized INSERT and nothing else.
app.post('/floor/sessions', async (req, res) => {
  const body = req.body as { integrationId: string; amountMinor: string; currency?: string; metadata?: object; merchantOrderRef?: string };
  const { rows } = await pool.query<{ id: string }>(
    `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, order_reference,
                          metadata, expires_at, version, created_at, updated_at)
     values (gen_random_uuid(), $1, 'test', 'unconfigured', $2, $3, 0, md5(random()::text), $4, $5, now() + interval '3 days', 1, now(), now())
     returning id`,
    [body.integrationId, body.currency ?? 'NZD', body.amountMinor, body.merchantOrderRef ?? null, body.metadata ?? {}],
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
