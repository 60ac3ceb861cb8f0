import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { SecretBox } from '../../security/secret-box.js';
import { IdempotencyRepository, isLockWaitTimeout } from './idempotency.repository.js';

const records = new IdempotencyRepository();

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const IDEMPOTENCY_WINDOW_HOURS = 24;
// How long a repeat waits for the first request with its key before answering "in progress".
const IDEMPOTENCY_WAIT = '3s';

/** The Idempotency-Key's own rule: 1 to 255 characters. */
export function checkIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError(ErrorCode.ValidationError, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, [
      { path: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` },
    ]);
  }
}

/**
 * Runs `work` once per (integration, key) within 24 h, in the transaction that claims the key,
 * and stores its reply sealed (idempotency_record). A repeat with the same request gets the first
 * reply; another request under the key gets IDEMPOTENCY_KEY_REUSED; a repeat while the first is
 * still running waits up to 3 s, then gets IDEMPOTENCY_IN_PROGRESS.
 */
export async function runIdempotently<T>(
  em: EntityManager,
  deps: { secretBox: SecretBox; now: () => Date },
  claim: { integrationId: string; key: string; requestHash: string },
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  const { secretBox } = deps;
  // Two rounds at most: the second follows the removal of an expired record holding the key.
  for (let round = 0; round < 2; round += 1) {
    let claimed = false;
    try {
      const done = await em.transactional(async (tx) => {
        const recordId = await records.claimIdempotencyKey(tx, {
          ...claim,
          windowHours: IDEMPOTENCY_WINDOW_HOURS,
          wait: IDEMPOTENCY_WAIT,
        });
        if (!recordId) return undefined;
        claimed = true;
        const result = await work(tx);
        await records.storeIdempotentReply(tx, recordId, secretBox.seal(JSON.stringify(result)));
        return { result };
      });
      if (done) return done.result;
    } catch (error) {
      if (!claimed && isLockWaitTimeout(error)) throw stillInProgress();
      throw error;
    }
    const existing = await records.findIdempotencyRecord(em.fork(), claim.integrationId, claim.key);
    if (!existing) continue;
    if (existing.expiresAt.getTime() <= deps.now().getTime()) {
      await records.deleteExpiredIdempotencyRecord(em.fork(), existing.id, deps.now());
      continue;
    }
    if (existing.requestHash !== claim.requestHash) {
      throw new AppError(ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was already used with a different request body');
    }
    if (!existing.responseSealed) throw stillInProgress();
    return JSON.parse(secretBox.open(existing.responseSealed)) as T;
  }
  throw stillInProgress();
}

function stillInProgress(): AppError {
  return new AppError(ErrorCode.IdempotencyInProgress, 'A request with this Idempotency-Key is still being processed; retry shortly');
}

/** Same request, same fingerprint: keys sorted so field order in the JSON does not matter. */
export function fingerprint(command: unknown): string {
  return createHash('sha256').update(canonicalJson(command)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined && entry !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
