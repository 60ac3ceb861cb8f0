import type { EntityManager } from '@mikro-orm/postgresql';
import { cancel, expire } from '@paysplit/domain';
import { announceSessionChange } from '../live/session-changes.js';
import { LIVE_PAYMENT_STATUSES, Payment } from '../payments/payment.entity.js';
import { emitSessionEnded } from '../webhooks/session-events.js';
import type { Session } from './session.entity.js';

/**
 * Ends a locked session as expired or cancelled, in the caller's transaction: live attempts are
 * abandoned, money already authorized is flagged for refund (the session will not complete),
 * the merchant's event is written and pay pages are told. Returns false when nothing changed
 * (a repeated cancel).
 */
export async function endSession(
  em: EntityManager,
  session: Session,
  outcome: { to: 'expired' } | { to: 'cancelled'; by: 'merchant' | 'host' },
  now: Date,
): Promise<boolean> {
  const next = outcome.to === 'expired' ? expire(session.status) : cancel(session.status, outcome.by, session.paidMinor);
  if (next === session.status) return false;
  session.status = next;
  session.version += 1;
  await em.nativeUpdate(Payment, { session: session.id, status: { $in: [...LIVE_PAYMENT_STATUSES] } }, { status: 'abandoned' });
  await em.nativeUpdate(Payment, { session: session.id, status: 'authorized', refundedAt: null }, { refundRequired: true });
  await em.flush();
  await emitSessionEnded(
    em,
    session,
    outcome.to === 'expired' ? 'SERVICE_SESSION_EXPIRED' : 'SERVICE_SESSION_CANCELLED',
    { by: outcome.to === 'cancelled' ? outcome.by : undefined },
    now,
  );
  await announceSessionChange(em, session.id);
  return true;
}
