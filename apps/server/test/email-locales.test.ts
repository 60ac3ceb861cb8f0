import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// The clock starts at a known moment (2030-03-14 03:00 UTC, noon in Tokyo), so every deadline two
// hours later is 14:00 Japan time, whenever the test runs.
const START = Date.parse('2030-03-14T03:00:00Z');
let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);

let server: TestServer;
let mailbox: TestMailbox;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string };

const CONFIGURE = `mutation($input: ConfigureSessionInput!) { configureSession(input: $input) { participants { id inviteUrl } } }`;

beforeAll(async () => {
  offsetMs = START - Date.now();
  mailbox = new TestMailbox();
  merchant = new MerchantStub();
  await Promise.all([mailbox.start(), merchant.start()]);
  server = await startTestServer({
    now,
    environment: { SMTP_URL: mailbox.url, EMAIL_FROM: 'PaySplit <payments@paysplit.example>', EMAIL_SWEEP_MS: '3600000' },
  });
  integration = await merchant.provisionOn(server, { name: 'Sakura Ltd', displayName: 'Sakura', timeZone: 'Asia/Tokyo' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([mailbox?.stop(), merchant?.stop()]);
});

/** Text as a person reads it: without the invisible marks that keep names and amounts in order in right-to-left text. */
function readable(text: string): string {
  return text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');
}

/** A session in `locale` whose host invites one guest by email; equal shares, so the guest's share is half of `totalMinor`. */
async function invite(locale: string, currency: string, totalMinor: string, guest: string) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: totalMinor, currency, description: 'Omakase', locale, expiresInSeconds: 7200 },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const configured = await host.graphql(CONFIGURE, {
    input: {
      sessionId: created.body.sessionId,
      splitMode: 'EQUAL',
      participants: [
        { displayName: 'Hana', email: null },
        { displayName: 'Ben', email: guest, sendInvite: true },
      ],
    },
  });
  expect(configured.errors, JSON.stringify(configured.errors)).toBeUndefined();
  return { ...created.body, host, guestLink: configured.data.configureSession.participants[1].inviteUrl as string };
}

/**
 * Each language's invitation, as a reader of it expects: the share in a currency without minor
 * units (JPY), with two decimals (EUR) and with three (KWD), and the deadline at 14:00 in the
 * integration's zone (Asia/Tokyo), named.
 */
const EXPECTED: Record<string, { words: RegExp; dir: 'ltr' | 'rtl'; jpy: string; eur: string; kwd: string; deadline: string }> = {
  en: {
    words: /^Hana invited you to pay your share/,
    dir: 'ltr',
    jpy: '¥12,345',
    eur: '€1,234.56',
    kwd: 'KWD 1,234.560',
    deadline: 'Thu 14 Mar 2030, 14:00 Japan Standard Time',
  },
  es: {
    words: /^Hana te invita a pagar tu parte/,
    dir: 'ltr',
    jpy: '12.345 JPY',
    eur: '1234,56 €',
    kwd: '1234,560 KWD',
    deadline: 'jueves, 14 de marzo de 2030, 14:00 hora estándar de Japón',
  },
  fr: {
    words: /^Hana vous invite à payer votre part/,
    dir: 'ltr',
    jpy: '12 345 JPY',
    eur: '1 234,56 €',
    kwd: '1 234,560 KWD',
    deadline: 'jeudi 14 mars 2030 à 14:00 heure normale du Japon',
  },
  de: {
    words: /^Hana bittet dich, deinen Anteil zu bezahlen/,
    dir: 'ltr',
    jpy: '12.345 ¥',
    eur: '1.234,56 €',
    kwd: '1.234,560 KWD',
    deadline: 'Donnerstag, 14. März 2030 um 14:00 Japanische Normalzeit',
  },
  'pt-BR': {
    words: /^Hana convidou você a pagar sua parte/,
    dir: 'ltr',
    jpy: 'JP¥ 12.345',
    eur: '€ 1.234,56',
    kwd: 'KWD 1.234,560',
    deadline: 'quinta-feira, 14 de março de 2030 às 14:00 Horário Padrão do Japão',
  },
  ja: {
    words: /^Hanaさんから支払いのお願い/,
    dir: 'ltr',
    jpy: '￥12,345',
    eur: '€1,234.56',
    kwd: 'KWD 1,234.560',
    deadline: '2030年3月14日木曜日 14:00 日本標準時',
  },
  'zh-CN': {
    words: /^Hana邀请你支付你的份额/,
    dir: 'ltr',
    jpy: 'JP¥12,345',
    eur: '€1,234.56',
    kwd: 'KWD 1,234.560',
    deadline: '2030年3月14日星期四 日本标准时间 14:00',
  },
  ar: {
    words: /^يدعوك Hana إلى دفع حصتك/,
    dir: 'rtl',
    jpy: '12,345 JP¥',
    eur: '1,234.56 €',
    kwd: '1,234.560 د.ك.',
    deadline: 'الخميس، 14 مارس 2030 في 2:00 م توقيت اليابان الرسمي',
  },
};

describe('invitations in every language', () => {
  it.each(Object.entries(EXPECTED))(
    '%s: the share in yen, euros and Kuwaiti dinars in the reader’s format, the deadline in the integration’s zone',
    async (locale, expected) => {
      for (const [currency, totalMinor, share] of [
        ['JPY', '24690', expected.jpy],
        ['EUR', '246912', expected.eur],
        ['KWD', '2469120', expected.kwd],
      ] as const) {
        const guest = `ben.${locale}.${currency.toLowerCase()}@payer-mail.example`;
        await invite(locale, currency, totalMinor, guest);
        const [mail] = await mailbox.waitFor(guest, 1);
        const text = readable(mail!.text ?? '');
        expect(readable(mail!.subject ?? ''), `${locale} ${currency} subject`).toMatch(expected.words);
        expect(text, `${locale} ${currency} share`).toContain(share);
        expect(text, `${locale} ${currency} deadline`).toContain(expected.deadline);
        expect(String(mail!.html), `${locale} html`).toContain(`<html lang="${locale}" dir="${expected.dir}">`);
      }
    },
  );

  it('is written in the language the guest last read their page in, else the session’s', async () => {
    const session = await invite('ja', 'JPY', '24690', 'ben.switches@payer-mail.example');
    const [invitation] = await mailbox.waitFor('ben.switches@payer-mail.example', 1);
    expect(readable(invitation!.subject ?? '')).toMatch(/^Hanaさんから支払いのお願い/);
    // Ben reads his page in German; the reminder the host sends next is in German.
    const ben = new PayBrowser(server.baseUrl);
    const link = new URL(session.guestLink);
    await ben.open(session.sessionId, link.searchParams.get('token')!);
    const remembered = await ben.graphql(`mutation($s: ID!, $l: String!) { rememberLocale(sessionId: $s, locale: $l) }`, {
      s: session.sessionId,
      l: 'de-AT',
    });
    expect(remembered).toEqual({ data: { rememberLocale: true } });
    const benId = (
      await server.query<{ id: string }>(`select id from participant where session_id = ? and not is_host`, [session.sessionId])
    )[0]!.id;
    const reminded = await session.host.graphql(`mutation($p: ID!) { remindParticipant(participantId: $p) { id } }`, { p: benId });
    expect(reminded.errors, JSON.stringify(reminded.errors)).toBeUndefined();
    const [, reminder] = await mailbox.waitFor('ben.switches@payer-mail.example', 2);
    expect(readable(reminder!.subject ?? '')).toMatch(/^Erinnerung: Dein Anteil für Omakase bei Sakura ist bis .* fällig$/);
    // Austrian German: the yen as Austria writes it, the deadline in Tokyo's zone.
    expect(readable(reminder!.text ?? '')).toContain('¥ 12.345');
    expect(readable(reminder!.text ?? '')).toContain('Donnerstag, 14. März 2030 um 14:00 Japanische Normalzeit');
  });
});
