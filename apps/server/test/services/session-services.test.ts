import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantPrincipal } from '../../src/modules/integrations/api-key-authentication.service.js';
import { openServiceDatabase, type ServiceDatabase } from './service-database.js';

let db: ServiceDatabase;
let merchant: MerchantPrincipal;

beforeAll(async () => {
  db = await openServiceDatabase();
  merchant = await db.merchant({ eventSubscriptions: ['SERVICE_SESSION_EXPIRED', 'SERVICE_PAYMENT_RECORDED'] });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const em = () => db.orm.em.fork();

async function configuredSession(amountMinor: string, names: string[]) {
  return db.services.sessionCreation.createSession(em(), merchant, {
    integrationId: merchant.integrationId,
    amountMinor,
    unconfigured: false,
    splitMode: 'equal',
    participants: names.map((displayName) => ({ displayName })),
  });
}

/** A live attempt of one participant, as startPayment leaves it before the merchant answers. */
async function liveAttempt(sessionId: string, participantId: string): Promise<string> {
  const [share] = await db.query<{ amount_minor: string; is_host: boolean }>('select amount_minor, is_host from participant where id = ?', [
    participantId,
  ]);
  const id = randomUUID();
  await db.query(
    `insert into payment (id, session_id, participant_id, payer_id, payer_role, amount_minor, status, refund_required, record_replies, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'redirected', false, '{}', now(), now())`,
    [id, sessionId, participantId, participantId, share!.is_host ? 'host' : 'participant', share!.amount_minor],
  );
  return id;
}

const paymentStatus = async (id: string) =>
  (await db.query<{ status: string; refund_required: boolean }>('select status, refund_required from payment where id = ?', [id]))[0];

describe('session creation', () => {
  it('replays the first reply for a repeated Idempotency-Key and writes one session', async () => {
    const command = { integrationId: merchant.integrationId, amountMinor: '4200', merchantOrderRef: 'order-idem-1' };
    const first = await db.services.sessionCreation.createSession(em(), merchant, command, 'key-1');
    const again = await db.services.sessionCreation.createSession(em(), merchant, { ...command }, 'key-1');
    expect(again).toEqual(first);
    const rows = await db.query<{ count: string }>(`select count(*) from session where order_reference = 'order-idem-1'`);
    expect(rows[0]!.count).toBe('1');
  });

  it('refuses the same key with another body, and writes nothing for it', async () => {
    const command = { integrationId: merchant.integrationId, amountMinor: '4200', merchantOrderRef: 'order-idem-2' };
    await db.services.sessionCreation.createSession(em(), merchant, command, 'key-2');
    await expect(
      db.services.sessionCreation.createSession(em(), merchant, { ...command, amountMinor: '4300' }, 'key-2'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const rows = await db.query<{ amount_minor: string }>(`select amount_minor from session where order_reference = 'order-idem-2'`);
    expect(rows).toEqual([{ amount_minor: '4200' }]);
  });

  it('writes a session with participants as one row each, shares summing to the total', async () => {
    const created = await configuredSession('1000', ['Host', 'Ana', 'Ben']);
    const shares = await db.query<{ amount_minor: string; is_host: boolean; has_token: boolean }>(
      'select amount_minor, is_host, token_hash is not null as has_token from participant where session_id = ? order by position',
      [created.sessionId],
    );
    expect(shares).toEqual([
      { amount_minor: '334', is_host: true, has_token: false },
      { amount_minor: '333', is_host: false, has_token: true },
      { amount_minor: '333', is_host: false, has_token: true },
    ]);
  });
});

describe('session configuration', () => {
  it('keeps a paid share locked and abandons the live attempts of removed and re-priced shares', async () => {
    const created = await configuredSession('3000', ['Host', 'Ana', 'Ben']);
    const [hostId, anaId, benId] = created.participantIds as [string, string, string];
    const benPayment = await liveAttempt(created.sessionId, benId);
    await db.services.paymentRecording.recordPayment(em(), merchant, { paymentId: benPayment, action: 'authorize' });
    const hostAttempt = await liveAttempt(created.sessionId, hostId);
    const anaAttempt = await liveAttempt(created.sessionId, anaId);

    const session = await db.services.sessionConfiguration.configureSession(em(), {
      sessionId: created.sessionId,
      splitMode: 'equal',
      participants: [{ displayName: 'Host' }, { displayName: 'Ben', participantId: benId }, { displayName: 'Cy' }, { displayName: 'Di' }],
    });

    const shares = session.participants.getItems().map((share) => [share.displayName, share.amountMinor, share.status]);
    expect(shares).toEqual([
      ['Host', 667n, 'pending'],
      ['Ben', 1000n, 'paid'],
      ['Cy', 667n, 'pending'],
      ['Di', 666n, 'pending'],
    ]);
    expect(await paymentStatus(hostAttempt)).toMatchObject({ status: 'abandoned' });
    expect(await paymentStatus(anaAttempt)).toMatchObject({ status: 'abandoned' });
    expect(await paymentStatus(benPayment)).toMatchObject({ status: 'authorized', refund_required: false });
    expect(session.integration.name).toBe('Service test merchant');
    expect(db.announced).toContain(created.sessionId);
  });

  it('refuses to remove a paid participant and changes nothing', async () => {
    const created = await configuredSession('2000', ['Host', 'Ana']);
    const paid = await liveAttempt(created.sessionId, created.participantIds[1]!);
    await db.services.paymentRecording.recordPayment(em(), merchant, { paymentId: paid, action: 'authorize' });
    await expect(
      db.services.sessionConfiguration.configureSession(em(), {
        sessionId: created.sessionId,
        splitMode: 'equal',
        participants: [{ displayName: 'Host' }],
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'participants: Ana has paid and cannot be removed' });
    const rows = await db.query('select id from participant where session_id = ?', [created.sessionId]);
    expect(rows).toHaveLength(2);
  });
});

describe('payment recording', () => {
  it('authorizes a share, then completes the session and writes its completion event in the same transaction', async () => {
    const created = await configuredSession('1000', ['Host', 'Ana']);
    const [hostId, anaId] = created.participantIds as [string, string];
    const first = await db.services.paymentRecording.recordPayment(em(), merchant, {
      paymentId: await liveAttempt(created.sessionId, anaId),
      action: 'authorize',
    });
    expect(first).toMatchObject({ paymentStatus: 'authorized', sessionStatus: 'partially_paid', paidMinor: '500', remainingMinor: '500' });

    const last = await db.services.paymentRecording.recordPayment(em(), merchant, {
      paymentId: await liveAttempt(created.sessionId, hostId),
      action: 'authorize',
    });
    expect(last).toMatchObject({ sessionStatus: 'completed', paidMinor: '1000', remainingMinor: '0', refundRequired: false });
    const events = await db.query<{ type: string }>('select type from webhook_event where session_id = ? order by created_at', [
      created.sessionId,
    ]);
    expect(events.map((event) => event.type)).toContain('SERVICE_SESSION_COMPLETED');
  });

  it('writes nothing of a completion whose event cannot be written', async () => {
    const created = await configuredSession('1000', ['Solo']);
    // A completion event already there: the unique index refuses a second one, so the whole transaction rolls back.
    await db.query(
      `insert into webhook_event (id, integration_id, session_id, type, session_version, body, created_at)
       values (gen_random_uuid(), ?, ?, 'SERVICE_SESSION_COMPLETED', 1, '{}', now())`,
      [merchant.integrationId, created.sessionId],
    );
    const payment = await liveAttempt(created.sessionId, created.participantIds[0]!);
    await expect(db.services.paymentRecording.recordPayment(em(), merchant, { paymentId: payment, action: 'authorize' })).rejects.toThrow();
    expect(await paymentStatus(payment)).toMatchObject({ status: 'redirected' });
    const [session] = await db.query<{ status: string; paid_minor: string }>('select status, paid_minor from session where id = ?', [
      created.sessionId,
    ]);
    expect(session).toEqual({ status: 'open', paid_minor: '0' });
  });

  it('records a failure with the reason and leaves the share unpaid', async () => {
    const created = await configuredSession('1000', ['Host', 'Ana']);
    const payment = await liveAttempt(created.sessionId, created.participantIds[1]!);
    const reply = await db.services.paymentRecording.recordPayment(em(), merchant, {
      paymentId: payment,
      action: 'fail',
      failureReason: ' card declined ',
    });
    expect(reply).toMatchObject({ paymentStatus: 'failed', sessionStatus: 'open', paidMinor: '0' });
    const [row] = await db.query<{ failure_reason: string }>('select failure_reason from payment where id = ?', [payment]);
    expect(row!.failure_reason).toBe('card declined');
  });

  it('keeps an authorization that arrives after the deadline, flags it refundRequired and lists it as owed', async () => {
    const created = await configuredSession('1000', ['Host', 'Ana']);
    const payment = await liveAttempt(created.sessionId, created.participantIds[1]!);
    const start = db.clock.now;
    db.clock.now = new Date(new Date(created.expiresAt).getTime() + 1_000);
    try {
      const reply = await db.services.paymentRecording.recordPayment(em(), merchant, { paymentId: payment, action: 'authorize' });
      expect(reply).toMatchObject({ paymentStatus: 'authorized', sessionStatus: 'expired', refundRequired: true, paidMinor: '0' });
    } finally {
      db.clock.now = start;
    }
    const owed = await db.payments.refundsOwed(em(), created.sessionId);
    expect(owed.map((owedPayment) => owedPayment.id)).toEqual([payment]);
  });
});

describe('expiry', () => {
  it('expires a due session once, abandons its live attempts and writes the event', async () => {
    const created = await configuredSession('1000', ['Host', 'Ana']);
    const attempt = await liveAttempt(created.sessionId, created.participantIds[1]!);
    const start = db.clock.now;
    db.clock.now = new Date(new Date(created.expiresAt).getTime() + 1_000);
    try {
      const expired = await db.services.sessionEnding.expireDueSessions(em());
      expect(expired).toContain(created.sessionId);
      expect(await db.services.sessionEnding.expireDueSessions(em())).not.toContain(created.sessionId);
    } finally {
      db.clock.now = start;
    }
    expect(await paymentStatus(attempt)).toMatchObject({ status: 'abandoned' });
    const events = await db.query<{ type: string }>('select type from webhook_event where session_id = ?', [created.sessionId]);
    expect(events.map((event) => event.type)).toEqual(['SERVICE_SESSION_EXPIRED']);
  });
});
