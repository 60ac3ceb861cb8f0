import type { ParsedMail } from 'mailparser';
import { CLI_ACTOR } from '../src/modules/audit/audit.service.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// An injected clock: reminders fall due by moving time, not by waiting hours.
let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);
const MINUTE = 60_000;

let server: TestServer;
let mailbox: TestMailbox;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string };
/** Every address used here: none may appear in any log line of the run. */
const addresses = new Set<string>();
let addressCounter = 0;

function address(name: string): string {
  addressCounter += 1;
  const made = `${name}.${addressCounter}@payer-mail.example`;
  addresses.add(made);
  return made;
}

const CONFIGURE = `mutation($input: ConfigureSessionInput!) {
  configureSession(input: $input) { participants { id displayName email status inviteUrl emailStatus { invitedAt lastRemindedAt nextRemindAllowedAt unsubscribed } } }
}`;
const REMIND = `mutation($p: ID!) { remindParticipant(participantId: $p) { participants { id emailStatus { lastRemindedAt nextRemindAllowedAt unsubscribed } } } }`;

beforeAll(async () => {
  mailbox = new TestMailbox();
  merchant = new MerchantStub();
  await Promise.all([mailbox.start(), merchant.start()]);
  server = await startTestServer({
    now,
    environment: {
      SMTP_URL: mailbox.url,
      EMAIL_FROM: 'Harbour Table via PaySplit <payments@paysplit.example>',
      EMAIL_RETRY_SCHEDULE: '100ms,200ms,300ms,400ms,500ms',
      // The tests sweep when they choose (runNow), after moving the clock.
      EMAIL_SWEEP_MS: '3600000',
      EMAIL_RETENTION_DAYS: '0',
    },
  });
  integration = await merchant.provisionOn(server, { name: 'Harbour Table Ltd', displayName: 'Harbour Table', accentColor: '#0F6B5C' });
});

afterAll(async () => {
  await server?.close();
  await Promise.all([mailbox?.stop(), merchant?.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
  mailbox.refusal = null;
});

interface People {
  host: { name: string; email?: string };
  guests: { name: string; email?: string; sendInvite?: boolean }[];
}

/** A session the host configures in the pay app, with the emails and invite choices given. */
async function configuredSession(people: People, options: { expiresInSeconds?: number } = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(2000 * (people.guests.length + 1)),
      currency: 'NZD',
      description: 'Dinner for the team',
      expiresInSeconds: options.expiresInSeconds ?? 7200,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const participants = [
    { displayName: people.host.name, email: people.host.email ?? null },
    ...people.guests.map((guest) => ({ displayName: guest.name, email: guest.email ?? null, sendInvite: guest.sendInvite ?? false })),
  ];
  const configured = await host.graphql(CONFIGURE, { input: { sessionId: created.body.sessionId, splitMode: 'EQUAL', participants } });
  expect(configured.errors, JSON.stringify(configured.errors)).toBeUndefined();
  return {
    ...created.body,
    host,
    participants: configured.data.configureSession.participants as { id: string; displayName: string; inviteUrl: string | null }[],
  };
}

function record(paymentId: string) {
  return postJson(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize' },
    { 'x-service-api-key': integration.apiKey },
  );
}

async function settle(ms = 600): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A header as sent (mailparser folds List-* headers into a structure of its own). */
function header(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((entry) => entry.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
}

function unsubscribeUrl(mail: ParsedMail): string {
  const match = /<([^>]+)>/.exec(header(mail, 'list-unsubscribe'));
  if (!match) throw new Error('no List-Unsubscribe header');
  return match[1]!;
}

async function sweep(): Promise<void> {
  await server.jobs.runNow('email-schedules');
  await settle();
}

describe('invitations', () => {
  it('sends one invitation per chosen person with an email, with their own working link and nothing of the host', async () => {
    const ana = address('ana');
    const ben = address('ben');
    const s = await configuredSession({
      host: { name: 'Hana', email: address('hana') },
      guests: [
        { name: 'Ana', email: ana, sendInvite: true },
        { name: 'Ben', email: ben, sendInvite: false },
        { name: 'Cy', sendInvite: true },
      ],
    });
    const [invitation] = await mailbox.waitFor(ana, 1);
    await settle();
    expect(mailbox.to(ana)).toHaveLength(1);
    expect(mailbox.to(ben)).toHaveLength(0);

    expect(invitation!.subject).toBe('Hana invited you to pay your share: Dinner for the team at Harbour Table');
    // The merchant's name leads; the address stays the configured one (SPF, DKIM and DMARC align with it).
    expect(invitation!.from?.value).toEqual([{ name: 'Harbour Table via PaySplit', address: 'payments@paysplit.example' }]);
    expect(invitation!.messageId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);
    expect(invitation!.date).toBeInstanceOf(Date);
    expect(header(invitation!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(invitation!)).toMatch(new RegExp(`^${server.baseUrl}/email/unsubscribe\\?t=`));
    for (const body of [invitation!.text!, invitation!.html as string]) {
      expect(body).toContain('Harbour Table');
      expect(body).toContain('Dinner for the team');
      expect(body).toContain('NZ$20.00');
      expect(body).not.toContain('NZD 20.00');
      expect(body).not.toContain(s.hostToken);
    }
    expect(invitation!.html as string).not.toMatch(/<img/i);
    expect(invitation!.html as string).toContain('max-width:560px');

    // The link in the email opens the session as Ana, in the pay app.
    const link = /Pay your share: (\S+)/.exec(invitation!.text!)![1]!;
    expect(link).toBe(s.participants[1]!.inviteUrl);
    expect((await fetch(link)).status).toBe(200);
    const asAna = await new PayBrowser(server.baseUrl).open(s.sessionId, new URL(link).searchParams.get('token')!);
    expect(asAna.data.openSession).toMatchObject({ viewerRole: 'PARTICIPANT', viewerParticipantId: s.participants[1]!.id });
  });

  it('does not invite the same address twice, and invites a changed address', async () => {
    const ana = address('ana');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Ana', email: ana, sendInvite: true }] });
    await mailbox.waitFor(ana, 1);
    const again = (email: string) =>
      s.host.graphql(CONFIGURE, {
        input: {
          sessionId: s.sessionId,
          splitMode: 'EQUAL',
          participants: [
            { displayName: 'Hana', participantId: s.participants[0]!.id },
            { displayName: 'Ana', email, sendInvite: true, participantId: s.participants[1]!.id },
          ],
        },
      });
    expect((await again(ana)).errors).toBeUndefined();
    await settle();
    expect(mailbox.to(ana)).toHaveLength(1);
    const corrected = address('ana-corrected');
    const view = await again(corrected);
    await mailbox.waitFor(corrected, 1);
    expect(view.data.configureSession.participants[1].emailStatus.invitedAt).not.toBeNull();
  });
});

describe('reminders', () => {
  it('with a shortened schedule, reminds unpaid payers once per offset and never paid ones', async () => {
    const settings = server.paysplit.services.integrationSettings;
    const em = server.orm.em.fork();
    const own = await settings.findIntegration(em, integration.integrationId);
    await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [100, 30] }, CLI_ACTOR);
    try {
      const unpaid = address('unpaid');
      const paid = address('paid');
      const s = await configuredSession({
        host: { name: 'Hana' },
        guests: [
          { name: 'Una', email: unpaid },
          { name: 'Pat', email: paid },
        ],
      });
      const payer = new PayBrowser(server.baseUrl);
      await payer.open(s.sessionId, new URL(s.participants[2]!.inviteUrl!).searchParams.get('token')!);
      const started = await payer.startPayment(s.sessionId);
      expect((await record(started.data.startPayment.paymentId)).status).toBe(200);
      await mailbox.waitFor(paid, 1); // the receipt

      await sweep(); // 120 min before the deadline: nothing due yet
      expect(mailbox.to(unpaid)).toHaveLength(0);
      offsetMs = 21 * MINUTE; // 99 min before: the 100-minute reminder
      await sweep();
      await sweep();
      const [first] = await mailbox.waitFor(unpaid, 1);
      expect(first!.subject).toMatch(/^Reminder: your share of Dinner for the team at Harbour Table is due by /);
      expect(first!.text).toContain(s.participants[1]!.inviteUrl);
      offsetMs = 91 * MINUTE; // 29 min before: the 30-minute one
      await sweep();
      await mailbox.waitFor(unpaid, 2);
      offsetMs = 119 * MINUTE;
      await sweep();
      expect(mailbox.to(unpaid)).toHaveLength(2);
      expect(mailbox.to(paid).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Receipt: you paid NZ\$20\.00/)]);
    } finally {
      await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [1440, 120] }, CLI_ACTOR);
    }
  });

  it('reaches payers of sessions due later even when a sweep page is full of payers already reminded', async () => {
    const settings = server.paysplit.services.integrationSettings;
    const em = server.orm.em.fork();
    const own = await settings.findIntegration(em, integration.integrationId);
    await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [100] }, CLI_ACTOR);
    try {
      const sooner = address('sooner');
      const later = address('later');
      await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Sam', email: sooner }] }, { expiresInSeconds: 7000 });
      await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Lee', email: later }] }, { expiresInSeconds: 7200 });
      offsetMs = 21 * MINUTE; // both within 100 minutes of their deadline
      // Pages of one: the sooner session's payer, already reminded, fills the first page of every sweep.
      const emails = server.paysplit.services.emails;
      await emails.queueDueReminders(server.orm.em.fork(), 1);
      await emails.queueDueReminders(server.orm.em.fork(), 1);
      await mailbox.waitFor(sooner, 1);
      await mailbox.waitFor(later, 1);
      expect(mailbox.to(sooner)).toHaveLength(1);
      expect(mailbox.to(later)).toHaveLength(1);
    } finally {
      await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [1440, 120] }, CLI_ACTOR);
    }
  });

  it('refuses a schedule that is not 0 to 10 distinct offsets from 5 minutes to 30 days', async () => {
    const settings = server.paysplit.services.integrationSettings;
    const em = server.orm.em.fork();
    const own = await settings.findIntegration(em, integration.integrationId);
    await expect(settings.updateSettings(em, own!, { reminderOffsetsMinutes: [4, 60, 60] }, CLI_ACTOR)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(settings.createIntegration(em, { name: 'Bad schedule', reminderOffsetsMinutes: [60, 60] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const created = await settings.createIntegration(em, { name: 'Own schedule', reminderOffsetsMinutes: [30, 600] });
    expect(created.integration.reminderOffsetsMinutes).toEqual([600, 30]);
    const [stored] = await server.query<{ offsets: number[] }>(`select reminder_offsets_minutes as offsets from integration where id = ?`, [
      created.integration.id,
    ]);
    expect(stored!.offsets).toEqual([600, 30]);
  });

  it("limits the host's Remind to once an hour per person, and only the host may use it", async () => {
    const una = address('una');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Una', email: una }, { name: 'Nobody' }] });
    const first = await s.host.graphql(REMIND, { p: s.participants[1]!.id });
    expect(first.errors).toBeUndefined();
    const status = first.data.remindParticipant.participants[1].emailStatus;
    expect(status.lastRemindedAt).not.toBeNull();
    expect(new Date(status.nextRemindAllowedAt).getTime() - now().getTime()).toBeGreaterThan(59 * MINUTE);
    await mailbox.waitFor(una, 1);

    const second = await s.host.graphql(REMIND, { p: s.participants[1]!.id });
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: expect.any(Number) });
    const noEmail = await s.host.graphql(REMIND, { p: s.participants[2]!.id });
    expect(noEmail.errors?.[0]?.extensions.code).toBe('INVALID_STATE');
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(s.sessionId, new URL(s.participants[1]!.inviteUrl!).searchParams.get('token')!);
    expect((await guest.graphql(REMIND, { p: s.participants[1]!.id })).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    // A participant sees nobody's email status, their own included.
    const guestView = await guest.graphql(`query($s: ID!) { paySession(sessionId: $s) { participants { emailStatus { invitedAt } } } }`, {
      s: s.sessionId,
    });
    expect(guestView.data.paySession.participants.map((p: { emailStatus: unknown }) => p.emailStatus)).toEqual([null, null, null]);
    // Another session's host cannot remind this one's people.
    const other = await configuredSession({ host: { name: 'Otto' }, guests: [{ name: 'Oona' }] });
    expect((await other.host.graphql(REMIND, { p: s.participants[1]!.id })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');

    offsetMs = 61 * MINUTE;
    expect((await s.host.graphql(REMIND, { p: s.participants[1]!.id })).errors).toBeUndefined();
    await mailbox.waitFor(una, 2);
  });
});

describe('payments', () => {
  it('sends a receipt to each payer and a completion note to the host', async () => {
    const hana = address('hana');
    const ana = address('ana');
    const s = await configuredSession({ host: { name: 'Hana', email: hana }, guests: [{ name: 'Ana', email: ana }] });
    const hostPayment = await s.host.startPayment(s.sessionId);
    await record(hostPayment.data.startPayment.paymentId);
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(s.sessionId, new URL(s.participants[1]!.inviteUrl!).searchParams.get('token')!);
    const guestPayment = await guest.startPayment(s.sessionId);
    await record(guestPayment.data.startPayment.paymentId);
    // A replayed record changes nothing and sends nothing.
    await record(guestPayment.data.startPayment.paymentId);

    await mailbox.waitFor(hana, 3);
    await mailbox.waitFor(ana, 1);
    await settle();
    const toHost = mailbox.to(hana).map((mail) => mail.subject);
    expect(toHost.sort()).toEqual([
      'Everyone has paid: Dinner for the team at Harbour Table',
      'Receipt: you paid NZ$20.00 for Dinner for the team at Harbour Table',
      'You are organising: Dinner for the team at Harbour Table',
    ]);
    expect(mailbox.to(ana).map((mail) => mail.subject)).toEqual(['Receipt: you paid NZ$20.00 for Dinner for the team at Harbour Table']);
    // The host's emails carry no token: their only link is the page that emails them a sign-in link.
    for (const mail of mailbox.to(hana)) {
      expect(mail.text).not.toContain(s.hostToken);
      expect(mail.text).not.toMatch(/[?&](token|hostToken|code)=/);
      const links = [...mail.text!.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
      expect(links).toEqual([`${server.baseUrl}/pay/${s.sessionId}/sign-in`]);
    }
  });
});

describe('delivery', () => {
  it('delivers each message exactly once after the SMTP server refused it for a while', async () => {
    mailbox.refusal = { code: 451, message: 'Try again later' };
    const people = [address('ria'), address('rob'), address('rex')];
    const s = await configuredSession({
      host: { name: 'Hana' },
      guests: people.map((email, index) => ({ name: `Guest ${index}`, email, sendInvite: true })),
    });
    await settle(500);
    expect(mailbox.refusedCount).toBeGreaterThan(0);
    mailbox.refusal = { code: 550, message: 'Mailbox unavailable for now' };
    await settle(300);
    mailbox.refusal = null;
    for (const email of people) await mailbox.waitFor(email, 1);
    await settle(1000);
    for (const email of people) expect(mailbox.to(email)).toHaveLength(1);
    const rows = await server.query<{ status: string; attempts: number; outcomes: string[]; excerpts: string[] }>(
      `select m.status, m.attempts, array_agg(a.outcome order by a.attempt) as outcomes, array_agg(coalesce(a.excerpt, '') order by a.attempt) as excerpts
         from email_message m join email_attempt a on a.message_id = m.id where m.session_id = ? group by m.id`,
      [s.sessionId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(row.outcomes.at(-1)).toBe('sent');
      expect(row.outcomes.slice(0, -1).every((outcome) => outcome === 'retry')).toBe(true);
      expect(row.outcomes.length).toBeGreaterThan(1);
      for (const excerpt of row.excerpts) expect(excerpt).not.toContain('@');
    }
  });

  it('sends nothing more once a session ended', async () => {
    mailbox.refusal = { code: 451, message: 'Try again later' };
    const late = address('late');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Lee', email: late, sendInvite: true }] });
    // The first (refused) attempt is over before the session ends: a send already under way at the
    // end may still go out (SMTP cannot be called back); what must not is any attempt after it.
    // A fixed wait here raced the sender on a loaded machine.
    const attempts = async () =>
      Number(
        (
          await server.query<{ n: string }>(
            `select count(*) as n from email_attempt a join email_message m on m.id = a.message_id where m.session_id = ?`,
            [s.sessionId],
          )
        )[0]!.n,
      );
    for (let wait = 0; wait < 200 && (await attempts()) === 0; wait += 1) await settle(50);
    expect(await attempts()).toBeGreaterThan(0);
    const cancelled = await s.host.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, { s: s.sessionId });
    expect(cancelled.data.cancelSessionAsHost.status).toBe('CANCELLED');
    // A retry claimed just before the end is still refused while the relay refuses; only once no
    // send is under way is the relay opened again, so what follows is after the end.
    const sending = async () =>
      (await server.query(`select 1 from email_message where session_id = ? and status = 'sending'`, [s.sessionId])).length;
    for (let wait = 0; wait < 200 && (await sending()) > 0; wait += 1) await settle(50);
    const beforeEnd = await attempts();
    mailbox.refusal = null;
    offsetMs = 119 * MINUTE;
    await sweep();
    await settle(1500);
    expect(mailbox.to(late)).toHaveLength(0);
    const [row] = await server.query<{ status: string }>(`select status from email_message where session_id = ?`, [s.sessionId]);
    expect(row?.status).toBe('cancelled');
    expect(await attempts()).toBe(beforeEnd);
  });

  it('shows the emails and their attempts, addresses masked, on the session', async () => {
    const mia = address('mia');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Mia', email: mia, sendInvite: true }] });
    await mailbox.waitFor(mia, 1);
    await settle(300);
    const response = await postJson<any>(
      `${server.baseUrl}/graphql`,
      {
        query: `query($id: ID!) { session(id: $id) { emails { kind status recipient sentAt attempts { attempt outcome excerpt durationMs } } } }`,
        variables: { id: s.sessionId },
      },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.session.emails).toEqual([
      {
        kind: 'invitation',
        status: 'sent',
        recipient: expect.stringMatching(/^m•••@payer-mail\.example$/),
        sentAt: expect.any(String),
        attempts: [{ attempt: 1, outcome: 'sent', excerpt: expect.stringMatching(/^250/), durationMs: expect.any(Number) }],
      },
    ]);
  });
});

describe('unsubscribe and erasure', () => {
  it('stops the remaining reminders with one click, without signing in', async () => {
    const settings = server.paysplit.services.integrationSettings;
    const em = server.orm.em.fork();
    const own = await settings.findIntegration(em, integration.integrationId);
    await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [100, 30] }, CLI_ACTOR);
    try {
      const uma = address('uma');
      const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Uma', email: uma, sendInvite: true }] });
      const [invitation] = await mailbox.waitFor(uma, 1);
      const url = unsubscribeUrl(invitation!);

      // GET only shows the page (link scanners must not unsubscribe anyone).
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post"');
      expect((await fetch(`${server.baseUrl}/email/unsubscribe?t=nonsense`)).status).toBe(400);
      const forged = `${url.slice(0, -3)}abc`;
      expect(
        (
          await fetch(forged, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          })
        ).status,
      ).toBe(400);

      offsetMs = 21 * MINUTE;
      await sweep();
      await mailbox.waitFor(uma, 2); // the first reminder, before unsubscribing
      const oneClick = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      offsetMs = 91 * MINUTE;
      await sweep();
      await settle();
      expect(mailbox.to(uma)).toHaveLength(2);
      const view = await s.host.graphql(`query($s: ID!) { paySession(sessionId: $s) { participants { emailStatus { unsubscribed } } } }`, {
        s: s.sessionId,
      });
      expect(view.data.paySession.participants[1].emailStatus).toEqual({ unsubscribed: true });
      expect((await s.host.graphql(REMIND, { p: s.participants[1]!.id })).errors?.[0]?.extensions.code).toBe('INVALID_STATE');
    } finally {
      await settings.updateSettings(em, own!, { reminderOffsetsMinutes: [1440, 120] }, CLI_ACTOR);
    }
  });

  it('says whose reminders stop, about what, and what still comes; its undo turns them back on', async () => {
    const vic = address('vic');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Vic', email: vic, sendInvite: true }] });
    const [invitation] = await mailbox.waitFor(vic, 1);
    const url = unsubscribeUrl(invitation!);
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

    const asked = await fetch(url);
    const page = text(await asked.text());
    expect(page).toContain('Harbour Table');
    expect(page).toContain('reminder emails about the group payment “Dinner for the team”, organised by Hana');
    expect(page).toContain('Still sent: your receipt, when you pay your share.');
    expect(page).toContain('Your invite link keeps working');
    expect(asked.headers.get('content-security-policy')).toContain("img-src 'self';");
    expect(asked.headers.get('referrer-policy')).toBe('no-referrer');

    const off = await fetch(url, form);
    expect(off.status).toBe(200);
    const offPage = await off.text();
    expect(text(offPage)).toContain('Reminders are off');
    expect(offPage).toContain(`<form method="post" action="/email/unsubscribe/undo?t=`);
    // Opened again later, the page says where things stand.
    expect(text(await (await fetch(url)).text())).toContain('Reminders are off');
    const status = async () =>
      (
        await s.host.graphql(`query($s: ID!) { paySession(sessionId: $s) { participants { emailStatus { unsubscribed } } } }`, {
          s: s.sessionId,
        })
      ).data.paySession.participants[1].emailStatus.unsubscribed;
    expect(await status()).toBe(true);
    expect((await s.host.graphql(REMIND, { p: s.participants[1]!.id })).errors?.[0]?.extensions.code).toBe('INVALID_STATE');

    const undoUrl = url.replace('/email/unsubscribe?', '/email/unsubscribe/undo?');
    expect((await fetch(`${server.baseUrl}/email/unsubscribe/undo?t=nonsense`, form)).status).toBe(400);
    expect(await status()).toBe(true);
    const on = await fetch(undoUrl, form);
    expect(on.status).toBe(200);
    expect(text(await on.text())).toContain('Reminders are back on');
    expect(await status()).toBe(false);
    // The host may remind again, and the reminder arrives.
    expect((await s.host.graphql(REMIND, { p: s.participants[1]!.id })).errors).toBeUndefined();
    await mailbox.waitFor(vic, 2);

    // Once the session has ended there is nothing to stop, and the page says so instead of offering it.
    await s.host.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, { s: s.sessionId });
    const ended = await (await fetch(url)).text();
    expect(text(ended)).toContain('This group payment has ended, so Harbour Table sends no more reminders');
    expect(ended).not.toContain('<form');
  });

  it('never shows emails in the public poll, and erases them after the retention period', async () => {
    const eve = address('eve');
    const s = await configuredSession({ host: { name: 'Hana' }, guests: [{ name: 'Eve', email: eve, sendInvite: true }] });
    await mailbox.waitFor(eve, 1);
    const poll = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${s.sessionId}/status`);
    expect(await poll.text()).not.toContain('@');
    await s.host.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, { s: s.sessionId });
    await sweep(); // EMAIL_RETENTION_DAYS=0 here
    const participants = await server.query<{ email: string | null }>(`select email from participant where session_id = ?`, [s.sessionId]);
    expect(participants.every((row) => row.email === null)).toBe(true);
    const messages = await server.query<{ recipient: string | null }>(`select recipient from email_message where session_id = ?`, [
      s.sessionId,
    ]);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((row) => row.recipient === null)).toBe(true);
  });

  it('never wrote an email address to the log, nor sent one to the merchant', () => {
    const calls = [...merchant.partnerCalls, ...merchant.webhookCalls].map((call) => call.body).join('\n');
    expect(merchant.partnerCalls.length).toBeGreaterThan(0);
    expect(calls).not.toContain('@');
    const log = server.logLines().join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const email of addresses) expect(log).not.toContain(email);
    expect(log).not.toContain('@payer-mail.example');
  });
});
