import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 18: the pay page's `paySession` reads session and viewer from one statement of plain rows.
 * Its answers must equal what the entity path answers (openSession and the host's mutations still
 * map entities), for hosts and participants, before and after payments, on ended sessions, and its
 * refusals must keep their codes.
 */
let server: TestServer;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string };

const VIEW = `
  id status viewerRole viewerParticipantId currency amountMinor paidMinor remainingMinor splitMode organiserName
  merchantName merchantLogoUrl accentColor description successUrl cancelUrl version expiresAt updatedAt
  participants { id displayName amountMinor status isHost isYou email inviteUrl coveredByHost }`;
const OPEN = `mutation($s: ID!, $t: String!) { openSession(sessionId: $s, token: $t) { ${VIEW} } }`;
const READ = `query($s: ID!) { paySession(sessionId: $s) { ${VIEW} } }`;
const CANCEL = `mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { ${VIEW} } }`;

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  server = await startTestServer();
  integration = await merchant.provisionOn(server, {
    name: 'Pay read merchant',
    displayName: 'Harbour Table',
    logoUrl: 'https://cdn.example.com/harbour-table.png',
    accentColor: '#0f6b5c',
    redirectAllowlist: ['https://shop.example.com'],
  });
});

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

async function createSession(extra: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '9000',
      description: 'Dinner for 3',
      successUrl: 'https://shop.example.com/done',
      cancelUrl: 'https://shop.example.com/cancelled',
      ...extra,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

function record(body: Record<string, unknown>) {
  return postJson(`${server.baseUrl}/api/v1/payments/record`, body, { 'x-service-api-key': integration.apiKey });
}

/** What openSession (entity path) and paySession (plain rows) answer to the same browser, side by side. */
async function bothReads(browser: PayBrowser, sessionId: string, token: string) {
  const opened = await browser.graphql(OPEN, { s: sessionId, t: token });
  const read = await browser.graphql(READ, { s: sessionId });
  expect(opened.errors).toBeUndefined();
  expect(read.errors).toBeUndefined();
  return { entityPath: opened.data.openSession, plainRows: read.data.paySession };
}

/** A configured session of three (host Aroha, Ben with an email, Caleb) and each one's browser and token. */
async function configuredSession() {
  const created = await createSession();
  const host = new PayBrowser(server.baseUrl);
  await host.graphql(OPEN, { s: created.sessionId, t: created.hostToken });
  const configured = await host.configure({
    sessionId: created.sessionId,
    splitMode: 'EXACT',
    participants: [
      { displayName: 'Aroha', amountMinor: '4000' },
      { displayName: 'Ben', email: 'ben@example.com', amountMinor: '3000' },
      { displayName: 'Caleb', amountMinor: '2000' },
    ],
  });
  expect(configured.errors).toBeUndefined();
  const invites = (configured.data.configureSession.participants as { inviteUrl: string | null }[])
    .map((participant) => participant.inviteUrl)
    .filter((url): url is string => url !== null)
    .map((url) => new URL(url).searchParams.get('token')!);
  return { sessionId: created.sessionId, hostToken: created.hostToken, host, invites };
}

describe('paySession answers as the entity path did', () => {
  it('for the host of an unconfigured session (no participants yet)', async () => {
    const created = await createSession();
    const { entityPath, plainRows } = await bothReads(new PayBrowser(server.baseUrl), created.sessionId, created.hostToken);
    expect(plainRows).toEqual(entityPath);
    expect(plainRows).toMatchObject({ viewerRole: 'HOST', viewerParticipantId: null, organiserName: null, participants: [] });
    expect(plainRows).toMatchObject({ merchantName: 'Harbour Table', accentColor: '#0F6B5C', description: 'Dinner for 3' });
  });

  it('for the host and each participant of a configured session: emails and invite links for the host only', async () => {
    const session = await configuredSession();
    const host = await bothReads(new PayBrowser(server.baseUrl), session.sessionId, session.hostToken);
    expect(host.plainRows).toEqual(host.entityPath);
    expect(host.plainRows.participants.map((p: { displayName: string }) => p.displayName)).toEqual(['Aroha', 'Ben', 'Caleb']);
    expect(host.plainRows.participants[1]).toMatchObject({ email: 'ben@example.com', isYou: false });
    expect(host.plainRows.participants[1].inviteUrl).toContain(session.invites[0]);
    for (const [index, token] of session.invites.entries()) {
      const guest = await bothReads(new PayBrowser(server.baseUrl), session.sessionId, token);
      expect(guest.plainRows).toEqual(guest.entityPath);
      expect(guest.plainRows).toMatchObject({ viewerRole: 'PARTICIPANT', viewerParticipantId: host.plainRows.participants[index + 1].id });
      for (const participant of guest.plainRows.participants) expect(participant).toMatchObject({ email: null, inviteUrl: null });
    }
  });

  it('after a payment and the host covering the rest (completed, covered shares)', async () => {
    const session = await configuredSession();
    const ben = new PayBrowser(server.baseUrl);
    await ben.graphql(OPEN, { s: session.sessionId, t: session.invites[0]! });
    const paid = await ben.startPayment(session.sessionId);
    expect(paid.errors).toBeUndefined();
    await record({ paymentId: paid.data.startPayment.paymentId, action: 'authorize' });
    const cover = await session.host.graphql(`mutation($s: ID!) { startPayment(sessionId: $s, coverRemaining: true) { paymentId } }`, {
      s: session.sessionId,
    });
    expect(cover.errors).toBeUndefined();
    expect((await record({ paymentId: cover.data.startPayment.paymentId, action: 'authorize' })).status).toBe(200);

    for (const token of [session.hostToken, ...session.invites]) {
      const { entityPath, plainRows } = await bothReads(new PayBrowser(server.baseUrl), session.sessionId, token);
      expect(plainRows).toEqual(entityPath);
      expect(plainRows).toMatchObject({ status: 'COMPLETED', paidMinor: '9000', remainingMinor: '0' });
      expect(plainRows.participants.map((p: { coveredByHost: boolean }) => p.coveredByHost)).toEqual([false, false, true]);
    }
  });

  it('for a session the host cancelled', async () => {
    const session = await configuredSession();
    const cancelled = await session.host.graphql(CANCEL, { s: session.sessionId });
    expect(cancelled.errors).toBeUndefined();
    const read = await session.host.graphql(READ, { s: session.sessionId });
    expect(read.data.paySession).toEqual(cancelled.data.cancelSessionAsHost);
    const guest = await bothReads(new PayBrowser(server.baseUrl), session.sessionId, session.invites[1]!);
    expect(guest.plainRows).toEqual(guest.entityPath);
    expect(guest.plainRows.status).toBe('CANCELLED');
  });
});

describe('paySession refuses as before', () => {
  const codeOf = (reply: { errors?: { extensions: { code: string } }[] }) => reply.errors?.[0]?.extensions.code;
  /** A browser holding `token` as the session's cookie, without exchanging it (the refusal comes from paySession itself). */
  function browserWithCookie(sessionId: string, token: string): PayBrowser {
    const browser = new PayBrowser(server.baseUrl);
    (browser as unknown as { cookies: Map<string, string> }).cookies.set(`ps_${sessionId.replace(/-/g, '')}`, token);
    return browser;
  }

  it('UNAUTHENTICATED without a cookie, with a malformed one, with a token of another session or none at all', async () => {
    const session = await configuredSession();
    const other = await configuredSession();
    expect(codeOf(await new PayBrowser(server.baseUrl).graphql(READ, { s: session.sessionId }))).toBe('UNAUTHENTICATED');
    for (const token of ['short', 'A'.repeat(43), other.hostToken, other.invites[0]!, `${session.hostToken}x`]) {
      const reply = await browserWithCookie(session.sessionId, token).graphql(READ, { s: session.sessionId });
      expect(codeOf(reply), token).toBe('UNAUTHENTICATED');
      expect(reply.data).toBeNull();
    }
  });

  it('SESSION_NOT_FOUND for an unknown session with a well-formed token, and for a malformed id', async () => {
    const unknown = '7d0c4f0e-3b8a-4c1e-9a57-2f6f0c1d9b11';
    expect(codeOf(await browserWithCookie(unknown, 'A'.repeat(43)).graphql(READ, { s: unknown }))).toBe('SESSION_NOT_FOUND');
    expect(codeOf(await new PayBrowser(server.baseUrl).graphql(READ, { s: 'not-a-uuid' }))).toBe('SESSION_NOT_FOUND');
  });
});
