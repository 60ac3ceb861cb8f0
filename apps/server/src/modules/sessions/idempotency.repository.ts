import type { EntityManager } from '@mikro-orm/postgresql';
import { IdempotencyRecord } from './idempotency-record.entity.js';

/** The idempotency_record table: one Idempotency-Key claimed per integration, and its sealed reply. */
export class IdempotencyRepository {
  /**
   * Claims an Idempotency-Key for this request. Concurrent requests with one key queue on the unique row until the first
   * commits, at most `wait` (the work under the key then waits for locks as usual); returns the record's id, or undefined
   * when the key is already taken (a committed record exists).
   */
  async claimIdempotencyKey(
    em: EntityManager,
    claim: { integrationId: string; key: string; requestHash: string; windowHours: number; wait: string },
  ): Promise<string | undefined> {
    await em.execute(`set local lock_timeout = '${claim.wait}'`);
    const inserted = await em.execute<{ id: string }[]>(
      `insert into idempotency_record (id, integration_id, key, request_hash, created_at, expires_at)
       values (gen_random_uuid(), ?, ?, ?, now(), now() + make_interval(hours => ?))
       on conflict (integration_id, key) do nothing returning id`,
      [claim.integrationId, claim.key, claim.requestHash, claim.windowHours],
    );
    await em.execute(`set local lock_timeout to default`);
    return inserted[0]?.id;
  }

  async storeIdempotentReply(em: EntityManager, recordId: string, responseSealed: string): Promise<void> {
    await em.nativeUpdate(IdempotencyRecord, { id: recordId }, { responseSealed });
  }

  findIdempotencyRecord(em: EntityManager, integrationId: string, key: string): Promise<IdempotencyRecord | null> {
    return em.findOne(IdempotencyRecord, { integration: integrationId, key });
  }

  /** Removes a record only if it is still expired (another request may have renewed the key). */
  async deleteExpiredIdempotencyRecord(em: EntityManager, recordId: string, now: Date): Promise<void> {
    await em.nativeDelete(IdempotencyRecord, { id: recordId, expiresAt: { $lte: now } });
  }
}

/** PostgreSQL's lock_not_available: a `lock_timeout` ran out. */
export function isLockWaitTimeout(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '55P03';
}
