import { formatMomentIn, negotiateLocale } from '@paysplit/domain';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailFacts, renderEmail } from '../src/modules/emails/email-content.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// What the emails say under captureMethod manual, over real HTTP, the real database and a real SMTP
// server: the receipt says held, not paid; a declined capture asks its payer to pay again with
// their own link and tells the host whose card it was; an ending releases the holds and says
// nothing was taken. Money and the deadline are in the merchant's zone (Auckland), and one payer
// reads German.

let server: TestServer;
let processor: ReferenceMerchant;
let shop: CheckoutMerchant;
let mailbox: TestMailbox;
let integration: { integrationId: string; apiKey: string; partnerSecret: string };
let counter = 0;

const address = (name: string) => `${name}.${++counter}@hold-mail.example`;

beforeAll(async () => {
  mailbox = new TestMailbox();
  await mailbox.start();
  server = await startTestServer({
    environment: {
      PAYMENT_CALL_RETRY_SCHEDULE: '40ms,40ms',
      SMTP_URL: mailbox.url,
      EMAIL_FROM: 'PaySplit <payments@paysplit.example>',
      EMAIL_RETRY_SCHEDULE: '100ms,200ms',
      EMAIL_SWEEP_MS: '3600000',
    },
  });
  processor = await startReferenceMerchant(server);
  shop = new CheckoutMerchant(`${processor.baseUrl}/processor/api`);
  await shop.start();
  integration = await server.provision({
    name: 'Harbour Table Ltd',
    displayName: 'Harbour Table',
    timeZone: 'Pacific/Auckland',
    partnerCreatePaymentUrl: shop.createPaymentUrl,
    partnerCancelUrl: shop.cancelUrl,
    partnerCaptureUrl: shop.captureUrl,
    captureMethod: 'manual',
  });
  shop.secrets.push(integration.partnerSecret);
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await processor?.stop();
  await server?.close();
  await mailbox?.stop();
});

/** A two-person session of NZ$40.00 (Hana hosts, Ben pays half), each person's browser and their emails. */
async function twoPeople() {
  const hana = address('hana');
  const ben = address('ben');
  const created = await postJson<{ sessionId: string; hostToken: string; expiresAt: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '4000',
      currency: 'NZD',
      description: 'Dinner',
      unconfigured: false,
      splitMode: 'equal',
      participants: [
        { displayName: 'Hana', email: hana },
        { displayName: 'Ben', email: ben },
      ],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { sessionId, hostToken, expiresAt } = created.body;
  const host = new PayBrowser(server.baseUrl);
  const participants = (await host.open(sessionId, hostToken)).data.openSession.participants as { inviteUrl: string | null }[];
  const benLink = participants[1]!.inviteUrl!;
  const guest = new PayBrowser(server.baseUrl);
  await guest.open(sessionId, new URL(benLink).searchParams.get('token')!);
  return { sessionId, host, guest, hana, ben, benLink, deadline: formatMomentIn(new Date(expiresAt), 'Pacific/Auckland') };
}

async function pay(browser: PayBrowser, sessionId: string): Promise<string> {
  const started = await browser.startPayment(sessionId);
  expect(started.errors).toBeUndefined();
  const paymentId = started.data.startPayment.paymentId as string;
  const recorded = await postJson(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize', processorReference: shop.checkouts.get(paymentId)?.id ?? null },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return paymentId;
}

/** Text as a person reads it: without no-break spaces or the marks that keep bidirectional text in order. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');
const readable = (mail: ParsedMail) => plain(mail.text ?? '');

describe('emails under manual capture', () => {
  it('says held in the receipt, asks a declined payer to pay again (German) and tells the host whose card it was', async () => {
    const s = await twoPeople();
    const remembered = await s.guest.graphql(`mutation($s: ID!, $l: String!) { rememberLocale(sessionId: $s, locale: $l) }`, {
      s: s.sessionId,
      l: 'de',
    });
    expect(remembered).toEqual({ data: { rememberLocale: true } });
    await pay(s.host, s.sessionId);
    const hostReceipt = (await mailbox.waitFor(s.hana, 1)).find((mail) => mail.subject?.includes('held on your card'));
    expect(hostReceipt!.subject).toBe('NZ$20.00 held on your card for Dinner at Harbour Table');
    expect(readable(hostReceipt!)).toContain(
      `Thank you: NZ$20.00 is held on your card for Harbour Table, not charged. It is charged only when everyone has paid by ${s.deadline}; if the group does not finish, the hold is released and nothing is taken.`,
    );
    expect(readable(hostReceipt!)).toContain('Amount held: NZ$20.00');
    expect(readable(hostReceipt!)).not.toMatch(/Amount paid|you paid|UTC/);
    expect(s.deadline).toMatch(/New Zealand (Daylight|Standard) Time$/);

    const benPayment = (await s.guest.startPayment(s.sessionId)).data.startPayment.paymentId as string;
    shop.declineCapturesOf.add(benPayment);
    const recorded = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: benPayment, action: 'authorize', processorReference: shop.checkouts.get(benPayment)?.id ?? null },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(recorded.status).toBe(200);

    // Both go out as soon as they are written, in either order.
    const benMails = await mailbox.waitFor(s.ben, 2);
    const benReceipt = benMails.find((mail) => mail.subject?.includes('vorgemerkt'));
    const benDeclined = benMails.find((mail) => mail.subject?.startsWith('Deine Karte'));
    expect(plain(benReceipt!.subject ?? '')).toBe('20,00 NZ$ auf deiner Karte vorgemerkt für Dinner bei Harbour Table');
    expect(readable(benReceipt!)).toContain('Vorgemerkter Betrag: 20,00 NZ$');
    expect(plain(benDeclined!.subject ?? '')).toBe(
      'Deine Karte konnte für Dinner bei Harbour Table nicht belastet werden: Bitte bezahle noch einmal',
    );
    const declinedText = readable(benDeclined!);
    expect(declinedText).toContain(
      'konnte die auf deiner Karte vorgemerkten 20,00 NZ$ nicht abbuchen, daher ist dein Anteil wieder offen.',
    );
    // Ben's own link, to pay again; nobody else's.
    expect(declinedText).toContain(s.benLink);

    const hostMails = await mailbox.waitFor(s.hana, 2);
    const note = hostMails.find((mail) => mail.subject?.startsWith('Ben’s card'))!;
    expect(note.subject).toBe('Ben’s card could not be charged for Dinner at Harbour Table');
    expect(readable(note)).toContain(
      `Harbour Table could not charge Ben’s card for NZ$20.00, so their share is open again. We have asked them to pay again by ${s.deadline}; the others’ cards stay held until then.`,
    );
    expect(readable(note)).not.toContain(s.benLink);

    // Ben pays again and this capture goes through: the host's completion note comes with the last capture.
    await pay(s.guest, s.sessionId);
    const completion = (await mailbox.waitFor(s.hana, 3)).find((mail) => mail.subject?.startsWith('Everyone has paid'));
    expect(completion!.subject).toBe('Everyone has paid: Dinner at Harbour Table');
    expect(readable(completion!)).toContain('NZ$40.00');
    expect(mailbox.to(s.hana)).toHaveLength(3);
  });

  it('tells each person at expiry that their hold was released and nothing was charged, not that a refund comes', async () => {
    const s = await twoPeople();
    await pay(s.guest, s.sessionId);
    await mailbox.waitFor(s.ben, 1);
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [s.sessionId]);
    // The sweep running by itself may expire it first; either way it ends expired, once.
    await server.expiry.runOnce();
    await until(
      async () => (await server.query<{ status: string }>(`select status from session where id = ?`, [s.sessionId]))[0]!.status,
      (status) => status === 'expired',
    );
    const ending = (await mailbox.waitFor(s.ben, 2)).find((mail) => mail.subject?.startsWith('Expired:'));
    expect(readable(ending!)).toContain('The hold of NZ$20.00 on your card is released: nothing was charged.');
    expect(readable(ending!)).not.toMatch(/refund/i);
    const [hostEnding] = await mailbox.waitFor(s.hana, 1);
    expect(readable(hostEnding!)).toContain('Nothing you paid is left to refund.');
  });
});

describe('the refund of a duplicate payment', () => {
  const facts = (tag: string): EmailFacts => ({
    kind: 'refund',
    locale: negotiateLocale([tag]),
    merchantName: 'Harbour Table',
    merchantSite: null,
    accentColor: null,
    description: 'Dinner',
    orderReference: null,
    recipientName: 'Ben',
    toHost: false,
    organiserName: 'Hana',
    currency: 'JPY',
    timeZone: 'Asia/Tokyo',
    shareMinor: 2000n,
    sessionAmountMinor: 4000n,
    deadline: new Date('2030-03-14T05:00:00Z'),
    payment: { id: 'c7d5a4ce-5b1e-4a4f-9a39-2b7c6f0f3a10', amountMinor: 2000n, at: null, processorReference: 'ch_2', payerName: 'Ben' },
    refund: { amountMinor: 2000n, at: new Date('2030-03-14T03:00:00Z'), reference: 're_1' },
    owedBackMinor: 0n,
    heldMinor: 0n,
    manualCapture: false,
    duplicateRefund: true,
    refundsAutomatic: true,
    signInExpiresAt: null,
    linkUrl: null,
    unsubscribeUrl: null,
    openGroup: null,
  });

  it('says it was a duplicate and the booking stands, not a refund of the booking, in English and Japanese', () => {
    const english = renderEmail(facts('en'));
    expect(english.subject).toBe('Refund of a duplicate payment: ¥2,000 back to you from Harbour Table');
    expect(plain(english.text)).toContain(
      'You paid your share of Dinner at Harbour Table twice. Harbour Table has sent back the second payment, ¥2,000; your share stays paid and the booking is unchanged.',
    );
    expect(plain(english.text)).toContain(`Date: ${formatMomentIn(new Date('2030-03-14T03:00:00Z'), 'Asia/Tokyo')}`);
    const japanese = renderEmail(facts('ja'));
    expect(plain(japanese.subject)).toBe('二重の支払いの返金：Harbour Tableから￥2,000');
    expect(plain(japanese.text)).toContain('2回目の支払い￥2,000を返金しました');
    // The same refund of booking money still reads as before.
    expect(renderEmail({ ...facts('en'), duplicateRefund: false }).subject).toBe('Refund: ¥2,000 back to you from Harbour Table');
  });
});
