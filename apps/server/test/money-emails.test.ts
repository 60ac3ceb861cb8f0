import { formatMomentIn } from '@paysplit/domain';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessCookieName } from '../src/http/cookies.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { RefundEndpoint } from './support/refund-endpoint.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// Everyone hears about their money: one email per person per money event, over real SMTP, with
// times in the merchant's zone and amounts as the pay pages show them. The clock is injected.
let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);
const MINUTE = 60_000;
const DAY = 86_400_000;

let server: TestServer;
let mailbox: TestMailbox;
let merchant: MerchantStub;
let refunds: RefundEndpoint;
/** Refunds through PaySplit, times in Auckland. */
let harbour: { integrationId: string; apiKey: string; partnerSecret: string };
/** Refunds by hand, times in UTC (the default). */
let cafe: { integrationId: string; apiKey: string };

/** Each address's own invite token, and every host token made here: no email may carry another's. */
const ownToken = new Map<string, string | null>();
const hostTokens: string[] = [];
let counter = 0;

function address(name: string): string {
  counter += 1;
  return `${name}.${counter}@money-mail.example`;
}

beforeAll(async () => {
  mailbox = new TestMailbox();
  merchant = new MerchantStub();
  refunds = new RefundEndpoint();
  await Promise.all([mailbox.start(), merchant.start(), refunds.start()]);
  server = await startTestServer({
    now,
    refundRetrySchedule: '100ms,200ms',
    environment: {
      SMTP_URL: mailbox.url,
      EMAIL_FROM: 'PaySplit <payments@paysplit.example>',
      EMAIL_RETRY_SCHEDULE: '100ms,200ms,300ms',
      EMAIL_SWEEP_MS: '3600000',
    },
  });
  harbour = await merchant.provisionOn(server, {
    name: 'Harbour Table Ltd',
    displayName: 'Harbour Table',
    timeZone: 'Pacific/Auckland',
    partnerRefundUrl: refunds.url,
    redirectAllowlist: ['https://harbourtable.example'],
  });
  refunds.secret = harbour.partnerSecret;
  cafe = await merchant.provisionOn(server, { name: 'Corner Cafe', redirectAllowlist: ['https://cafe.example'] });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([mailbox?.stop(), merchant?.stop(), refunds?.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
});

interface Person {
  name: string;
  email?: string;
  sendInvite?: boolean;
}

async function configuredSession(integration: { integrationId: string; apiKey: string }, host: Person, guests: Person[]) {
  const site = integration === harbour ? 'https://harbourtable.example' : 'https://cafe.example';
  const created = await postJson<{ sessionId: string; hostToken: string; expiresAt: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(2000 * (guests.length + 1)),
      description: 'Dinner for the team',
      merchantOrderRef: 'BK-42',
      successUrl: `${site}/bookings/42/done`,
      expiresInSeconds: 7200,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  hostTokens.push(created.body.hostToken);
  const hostBrowser = new PayBrowser(server.baseUrl);
  await hostBrowser.open(created.body.sessionId, created.body.hostToken);
  const configured = await hostBrowser.graphql(
    `mutation($input: ConfigureSessionInput!) { configureSession(input: $input) { participants { id displayName inviteUrl } } }`,
    {
      input: {
        sessionId: created.body.sessionId,
        splitMode: 'EQUAL',
        participants: [
          { displayName: host.name, email: host.email ?? null },
          ...guests.map((guest) => ({ displayName: guest.name, email: guest.email ?? null, sendInvite: guest.sendInvite ?? false })),
        ],
      },
    },
  );
  expect(configured.errors, JSON.stringify(configured.errors)).toBeUndefined();
  const participants = configured.data.configureSession.participants as { id: string; displayName: string; inviteUrl: string | null }[];
  if (host.email) ownToken.set(host.email, null);
  guests.forEach((guest, index) => {
    if (guest.email) ownToken.set(guest.email, new URL(participants[index + 1]!.inviteUrl!).searchParams.get('token'));
  });
  const browserOf = async (index: number) => {
    const browser = new PayBrowser(server.baseUrl);
    await browser.open(created.body.sessionId, new URL(participants[index]!.inviteUrl!).searchParams.get('token')!);
    return browser;
  };
  return { ...created.body, integration, host: hostBrowser, participants, browserOf };
}

type Session = Awaited<ReturnType<typeof configuredSession>>;

function record(session: Session, paymentId: string, action: 'authorize' | 'refund' = 'authorize', processorReference?: string) {
  return postJson(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action, ...(processorReference ? { processorReference } : {}) },
    { 'x-service-api-key': session.integration.apiKey },
  );
}

/** One payer pays their share; returns the payment id. */
async function pay(session: Session, index: number, processorReference: string): Promise<string> {
  const payer = await session.browserOf(index);
  const started = await payer.startPayment(session.sessionId);
  const paymentId = started.data.startPayment.paymentId as string;
  expect((await record(session, paymentId, 'authorize', processorReference)).status).toBe(200);
  return paymentId;
}

async function settle(ms = 700): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

function subjects(email: string): string[] {
  return mailbox
    .to(email)
    .map((mail) => mail.subject ?? '')
    .sort();
}

function only(email: string, subjectStart: string): ParsedMail {
  const found = mailbox.to(email).filter((mail) => mail.subject?.startsWith(subjectStart));
  expect(found, `${email}: ${subjectStart}`).toHaveLength(1);
  return found[0]!;
}

async function authorizedAt(paymentId: string): Promise<Date> {
  const [row] = await server.query<{ at: Date }>(`select authorized_at as at from payment where id = ?`, [paymentId]);
  return new Date(row!.at);
}

describe('payments', () => {
  it('sends a receipt with date, amount, merchant and references, tells covered payers who paid, and notes completion to the host', async () => {
    const hana = address('hana');
    const ana = address('ana');
    const ben = address('ben');
    const s = await configuredSession(harbour, { name: 'Hana', email: hana }, [
      { name: 'Ana', email: ana, sendInvite: true },
      { name: 'Ben', email: ben },
    ]);
    const anaPayment = await pay(s, 1, 'ch_ana_1');
    const [invitation, receipt] = await mailbox.waitFor(ana, 2);
    expect(invitation!.subject).toBe('Hana invited you to pay your share: Dinner for the team at Harbour Table');
    expect(receipt!.subject).toBe('Receipt: you paid NZ$20.00 for Dinner for the team at Harbour Table');
    expect(receipt!.from?.value).toEqual([{ name: 'Harbour Table via PaySplit', address: 'payments@paysplit.example' }]);
    const at = formatMomentIn(await authorizedAt(anaPayment), 'Pacific/Auckland');
    expect(at).toMatch(/ New Zealand (Daylight|Standard) Time$/);
    for (const line of [
      'Amount paid: NZ$20.00',
      `Date: ${at}`,
      'Paid to: Harbour Table (harbourtable.example)',
      'For: Dinner for the team',
      'Booking reference: BK-42',
      'Payment reference: ch_ana_1',
      `PaySplit payment ID: ${anaPayment}`,
    ]) {
      expect(receipt!.text).toContain(line);
    }
    expect(String(receipt!.html)).toContain('Payment reference');
    // The deadline of the invitation is in Auckland time too, the zone named; never "UTC" or "NZD 20.00".
    expect(invitation!.text).toMatch(/Please pay by \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} New Zealand (Daylight|Standard) Time\./);
    expect(`${invitation!.text}${receipt!.text}`).not.toMatch(/UTC|NZD \d/);

    // The host pays for everyone left: their receipt, Ben's note, and the completion note.
    const cover = await s.host.graphql(`mutation($s: ID!) { startPayment(sessionId: $s, coverRemaining: true) { paymentId } }`, {
      s: s.sessionId,
    });
    const coverId = cover.data.startPayment.paymentId as string;
    expect((await record(s, coverId, 'authorize', 'ch_hana_1')).status).toBe(200);
    // Replayed records change nothing and send nothing.
    await record(s, coverId);
    await record(s, anaPayment);
    await mailbox.waitFor(hana, 3);
    await mailbox.waitFor(ben, 1);
    await settle();
    expect(subjects(hana)).toEqual([
      'Everyone has paid: Dinner for the team at Harbour Table',
      'Receipt: you paid NZ$40.00 for Dinner for the team at Harbour Table',
      'You are organising: Dinner for the team at Harbour Table',
    ]);
    expect(subjects(ana)).toHaveLength(2);
    const covered = only(ben, 'Hana paid your share');
    expect(covered.text).toContain('Hana paid your NZ$20.00 share of Dinner for the team at Harbour Table');
    expect(covered.text).toContain(s.participants[2]!.inviteUrl!);
    const completion = only(hana, 'Everyone has paid');
    expect(completion.text).toContain('Total paid: NZ$60.00');
    // The host's way back carries no secret: the page that emails a sign-in link.
    expect(completion.text).toContain(`Back to your split: ${server.baseUrl}/pay/${s.sessionId}/sign-in\n`);
  });
});

describe('endings and refunds', () => {
  it('tells everyone it concerns how a cancelled session ended and what happens to their money, then each refund', async () => {
    const hana = address('hana');
    const [ana, ben, cy, dee, eve] = ['ana', 'ben', 'cy', 'dee', 'eve'].map(address) as [string, string, string, string, string];
    const s = await configuredSession(harbour, { name: 'Hana', email: hana }, [
      { name: 'Ana', email: ana, sendInvite: true },
      { name: 'Ben', email: ben, sendInvite: true },
      { name: 'Cy', email: cy },
      { name: 'Dee', email: dee, sendInvite: true },
      { name: 'Eve', email: eve, sendInvite: true },
    ]);
    for (const email of [ana, ben, dee, eve]) await mailbox.waitFor(email, 1);
    // Dee and Eve unsubscribe; Eve pays anyway, so what concerns her money still reaches her.
    for (const email of [dee, eve]) {
      const link = /<([^>]+)>/.exec(mailbox.to(email)[0]!.headerLines.find((h) => h.key === 'list-unsubscribe')!.line)![1]!;
      const done = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
    }
    const anaPayment = await pay(s, 1, 'ch_ana_2');
    await pay(s, 5, 'ch_eve_2');
    await mailbox.waitFor(ana, 2);
    await mailbox.waitFor(eve, 2);

    const cancel = () =>
      postJson(`${server.baseUrl}/api/v1/payments/sessions/${s.sessionId}/cancel`, {}, { 'x-service-api-key': harbour.apiKey });
    expect((await cancel()).status).toBe(200);
    await cancel();
    await mailbox.waitFor(hana, 2);
    await mailbox.waitFor(ana, 4); // the notice, then the refund once the partner call succeeded
    await mailbox.waitFor(eve, 4);
    await mailbox.waitFor(ben, 2);
    await settle();

    const toAna = only(ana, 'Cancelled:');
    expect(toAna.subject).toBe('Cancelled: Dinner for the team at Harbour Table');
    expect(toAna.text).toContain('The NZ$20.00 you paid is on its way back to you');
    expect(only(ben, 'Cancelled:').text).toContain('You have not been charged anything for it.');
    expect(only(hana, 'Cancelled:').text).toContain(`Back to your split: ${server.baseUrl}/pay/${s.sessionId}/sign-in`);
    // Cy was never asked to pay; Dee unsubscribed and paid nothing: neither hears more.
    expect(mailbox.to(cy)).toHaveLength(0);
    expect(mailbox.to(dee)).toHaveLength(1);

    const refund = only(ana, 'Refund:');
    expect(refund.subject).toBe('Refund: NZ$20.00 back to you from Harbour Table');
    const [refundRow] = await server.query<{ settled_at: Date; reference: string }>(
      `select settled_at, processor_refund_reference as reference from refund where payment_id = ?`,
      [anaPayment],
    );
    for (const line of [
      'Amount refunded: NZ$20.00',
      `Date: ${formatMomentIn(new Date(refundRow!.settled_at), 'Pacific/Auckland')}`,
      'From: Harbour Table (harbourtable.example)',
      `Refund reference: ${refundRow!.reference}`,
      'Original payment reference: ch_ana_2',
    ]) {
      expect(refund.text).toContain(line);
    }
    expect(subjects(eve).filter((subject) => /^(Cancelled|Refund):/.test(subject))).toHaveLength(2);

    // A restart of the sender, replayed causes and another sweep add nothing.
    await server.jobs.stop();
    await cancel();
    await server.jobs.start();
    await server.jobs.runNow('email-schedules');
    await settle(1000);
    expect(mailbox.to(ana)).toHaveLength(4);
    expect(mailbox.to(eve)).toHaveLength(4);
    expect(mailbox.to(ben)).toHaveLength(2);
    expect(mailbox.to(hana)).toHaveLength(2);
  });

  it('tells payers of an expired session their money comes back, and sends a refund recorded by hand', async () => {
    const host = address('host');
    const ana = address('ana');
    const s = await configuredSession(cafe, { name: 'Hemi', email: host }, [{ name: 'Ana', email: ana, sendInvite: true }]);
    const paymentId = await pay(s, 1, 'ch_cafe_1');
    await mailbox.waitFor(ana, 2);
    offsetMs = 121 * MINUTE;
    expect(await server.expiry.runOnce()).toContain(s.sessionId);
    await mailbox.waitFor(ana, 3);
    await mailbox.waitFor(host, 2);
    const [deadline] = await server.query<{ at: Date }>(`select expires_at as at from session where id = ?`, [s.sessionId]);
    const expired = only(ana, 'Expired:');
    expect(expired.text).toContain(`Time ran out at ${formatMomentIn(new Date(deadline!.at), 'UTC')} before everyone had paid`);
    expect(expired.text).toMatch(/ \d{2}:\d{2} UTC before/);
    expect(expired.text).toContain('Corner Cafe will refund the NZ$20.00 you paid');
    expect(expired.from?.value).toEqual([{ name: 'Corner Cafe via PaySplit', address: 'payments@paysplit.example' }]);
    expect(only(host, 'Expired:').text).toContain('To book again, start a new payment at Corner Cafe.');

    // The merchant refunds by hand and records it: Ana hears, once.
    expect((await record(s, paymentId, 'refund')).status).toBe(200);
    expect((await record(s, paymentId, 'refund')).status).toBe(200);
    await mailbox.waitFor(ana, 4);
    await settle();
    const refund = only(ana, 'Refund:');
    expect(refund.subject).toBe('Refund: NZ$20.00 back to you from Corner Cafe');
    expect(refund.text).toContain('Original payment reference: ch_cafe_1');
    expect(refund.text).toMatch(/Date: .* UTC\n/);
    expect(mailbox.to(ana)).toHaveLength(4);
    expect(mailbox.to(host)).toHaveLength(2);
  });
});

describe('access that lasts', () => {
  it('keeps the session cookie as long as the session’s data, and lets a paid payer and the host read the ended session', async () => {
    const s = await configuredSession(cafe, { name: 'Hemi' }, [{ name: 'Ana' }, { name: 'Ben' }]);
    const ana = await s.browserOf(1);
    const [cookie] = ana.lastSetCookie;
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie!)![1]!);
    // EMAIL_RETENTION_DAYS (30) after the deadline, not the deadline itself (a second of rounding aside).
    expect(Math.abs(expires.getTime() - (Date.parse(s.expiresAt) + 30 * DAY))).toBeLessThan(1000);
    const started = await ana.startPayment(s.sessionId);
    await record(s, started.data.startPayment.paymentId);

    offsetMs = 121 * MINUTE;
    await server.expiry.runOnce();
    for (const browser of [ana, s.host]) {
      const view = await browser.view(s.sessionId);
      expect(view.errors).toBeUndefined();
      expect(view.data.paySession.status).toBe('EXPIRED');
    }
    expect((await ana.view(s.sessionId)).data.paySession.viewerRole).toBe('PARTICIPANT');
    expect((await s.host.view(s.sessionId)).data.paySession.viewerRole).toBe('HOST');
  });
});

describe('the host’s way back', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  async function signInLink(email: string, count: number): Promise<string> {
    const mails = await mailbox.waitFor(email, count);
    const mail = mails[count - 1]!;
    expect(mail.subject).toMatch(/^Sign in to your group payment: /);
    return /Open your split: (\S+)/.exec(mail.text!)![1]!;
  }

  it('emails the host a way back, then a single-use, short-lived sign-in link that sets the host’s cookie', async () => {
    const hana = address('hana');
    const s = await configuredSession(harbour, { name: 'Hana', email: hana }, [{ name: 'Ana' }]);
    const [welcome] = await mailbox.waitFor(hana, 1);
    expect(welcome!.subject).toBe('You are organising: Dinner for the team at Harbour Table');
    const back = `${server.baseUrl}/pay/${s.sessionId}/sign-in`;
    expect(welcome!.text).toContain(`Back to your split: ${back}\n`);

    const page = await fetch(back);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email me a sign-in link');
    // On a device of its own the page speaks the browser's language, right to left where it reads so.
    const german = await (await fetch(back, { headers: { 'accept-language': 'de-AT,de;q=0.9' } })).text();
    expect(german).toContain('<html lang="de-AT" dir="ltr">');
    expect(german).toContain('<h1 style="font-size:1.5rem">Zurück zu deiner Aufteilung</h1>');
    expect(german).toContain('>Anmeldelink per E-Mail senden</button>');
    const arabic = await (await fetch(back, { headers: { 'accept-language': 'ar' } })).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('العودة إلى تقسيمك');
    const asked = await fetch(back, { method: 'POST', headers: form, body: '' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Check your email');
    // Once a minute at most: the host's inbox is nobody's target.
    const again = await fetch(back, { method: 'POST', headers: form, body: '' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const link = await signInLink(hana, 2);
    const code = new URL(link).searchParams.get('code')!;
    expect(link).toBe(`${back}?code=${code}`);
    expect(code).not.toBe(s.hostToken);
    // Looking at the link uses nothing up (mail scanners follow links).
    for (let look = 0; look < 2; look += 1) {
      const shown = await fetch(link);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('Continue to your split');
    }
    // A form from another site is refused.
    const crossSite = await fetch(back, { method: 'POST', headers: { ...form, 'sec-fetch-site': 'cross-site' }, body: `code=${code}` });
    expect(crossSite.status).toBe(403);

    const signedIn = await fetch(back, { method: 'POST', headers: form, body: `code=${code}`, redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(`/pay/${s.sessionId}`);
    const setCookie = signedIn.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(new RegExp(`^${accessCookieName(s.sessionId)}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toContain(s.hostToken);
    const view = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: setCookie.split(';')[0]! },
      body: JSON.stringify({
        query: `query($s: ID!) { paySession(sessionId: $s) { viewerRole organiserName } }`,
        variables: { s: s.sessionId },
      }),
    });
    expect(((await view.json()) as { data: unknown }).data).toEqual({ paySession: { viewerRole: 'HOST', organiserName: 'Hana' } });

    // Once only.
    const reused = await fetch(back, { method: 'POST', headers: form, body: `code=${code}`, redirect: 'manual' });
    expect(reused.status).toBe(400);
    expect(reused.headers.getSetCookie()).toEqual([]);

    // A later link works for 30 minutes, and only for its own session.
    offsetMs = 2 * MINUTE;
    expect((await fetch(back, { method: 'POST', headers: form, body: '' })).status).toBe(200);
    const later = new URL(await signInLink(hana, 3)).searchParams.get('code')!;
    const other = await configuredSession(harbour, { name: 'Otto', email: address('otto') }, [{ name: 'Oona' }]);
    const elsewhere = await fetch(`${server.baseUrl}/pay/${other.sessionId}/sign-in`, {
      method: 'POST',
      headers: form,
      body: `code=${later}`,
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(400);
    offsetMs = 33 * MINUTE;
    expect((await fetch(`${back}?code=${later}`)).status).toBe(400);
    expect((await fetch(back, { method: 'POST', headers: form, body: `code=${later}`, redirect: 'manual' })).status).toBe(400);
  });

  it('sends nothing when the host gave no address, and says the same', async () => {
    const s = await configuredSession(harbour, { name: 'Hana' }, [{ name: 'Ana', email: address('ana') }]);
    const asked = await fetch(`${server.baseUrl}/pay/${s.sessionId}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Check your email');
    await settle();
    // Nothing for this session was written or arrived (other tests' mail may still be arriving).
    const [written] = await server.query<{ n: string }>(`select count(*) as n from email_message where session_id = ?`, [s.sessionId]);
    expect(written!.n).toBe('0');
    expect(mailbox.messages.filter((mail) => mail.text?.includes(s.sessionId))).toEqual([]);
    const [rows] = await server.query<{ n: string }>(`select count(*) as n from host_sign_in where session_id = ?`, [s.sessionId]);
    expect(rows!.n).toBe('0');
    expect((await fetch(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000/sign-in`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/pay/not-a-session/sign-in`, { method: 'POST', headers: form, body: '' })).status).toBe(404);
  });
});

describe('what no email carries', () => {
  it('never holds another person’s link or any host token, and never an address in the log', () => {
    expect(mailbox.messages.length).toBeGreaterThan(20);
    for (const mail of mailbox.messages) {
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0]!.address!;
      const body = `${mail.text}\n${String(mail.html)}`;
      for (const hostToken of hostTokens) expect(body).not.toContain(hostToken);
      const tokens = [...body.matchAll(/[?&]token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]);
      const own = ownToken.get(to);
      for (const token of tokens) expect(token, `${mail.subject} to ${to}`).toBe(own);
    }
    const log = server.logLines().join('\n');
    expect(log).not.toContain('@money-mail.example');
  });
});
