import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../store.js';

/** An answer of the processor's API as it went out: its status and its JSON body, byte for byte. */
export interface ApiAnswer {
  httpStatus: number;
  body: string;
}

// Advisory locks of this space serialise requests that carry the same Idempotency-Key; the two-key
// form keeps them apart from the schema lock's single-key one.
const IDEMPOTENCY_LOCK_SPACE = 7_310_043;

/** Stripe's limit; a longer key is refused rather than cut, which could make two keys one. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Runs a request to change a checkout once per Idempotency-Key, as real processors do: the first
 * answer is saved in the same transaction as its effect, and the same key gets that answer back
 * (its status and body, byte for byte) with no second effect. Requests with the same key wait for
 * each other (an advisory lock on the key, taken before any row lock), so two that race meet at the
 * saved answer. A key used for another operation or checkout is refused (422), and nothing is done.
 * Without a key the request runs unsaved. `work` answers undefined when the checkout does not exist
 * (nothing is saved then).
 */
export async function answerOnce(
  pool: Pool,
  request: { idempotencyKey: string | null; operation: 'capture' | 'cancel'; checkoutId: string },
  work: (tx: PoolClient) => Promise<ApiAnswer | undefined>,
): Promise<(ApiAnswer & { replayed: boolean }) | undefined> {
  const key = request.idempotencyKey;
  return withTransaction(pool, async (tx) => {
    if (key !== null) {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [IDEMPOTENCY_LOCK_SPACE, key]);
      const { rows } = await tx.query<{ operation: string; checkout_id: string; http_status: number; body: string }>(
        `select operation, checkout_id, http_status, body from merchant_demo.processor_idempotency where idempotency_key = $1`,
        [key],
      );
      const saved = rows[0];
      if (saved && (saved.operation !== request.operation || saved.checkout_id !== request.checkoutId)) {
        const body = { error: 'idempotency_key_reused', message: 'this Idempotency-Key was already used for another request' };
        return { httpStatus: 422, body: JSON.stringify(body), replayed: false };
      }
      if (saved) return { httpStatus: saved.http_status, body: saved.body, replayed: true };
    }
    const answer = await work(tx);
    if (answer && key !== null) {
      await tx.query(
        `insert into merchant_demo.processor_idempotency (idempotency_key, operation, checkout_id, http_status, body)
         values ($1, $2, $3, $4, $5)`,
        [key, request.operation, request.checkoutId, answer.httpStatus, answer.body],
      );
    }
    return answer && { ...answer, replayed: false };
  });
}
