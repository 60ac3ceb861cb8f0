import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

/** Issue 17: payers are told who they pay (the integration's brand) and for what (the description). */
let server: TestServer;
let integrationId: string;
let apiKey: string;

const DESCRIPTION = 'Dinner for 4';

async function create(body: Record<string, unknown>) {
  return postJson<Record<string, any>>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId, amountMinor: '48000', ...body },
    {
      'x-service-api-key': apiKey,
    },
  );
}

async function read(sessionId: string) {
  const response = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}`, { headers: { 'x-service-api-key': apiKey } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ integrationId, apiKey } = await server.provision({
    name: 'HT integration 7',
    displayName: 'Harbour Table',
    logoUrl: 'https://cdn.example.com/harbour-table.png',
    accentColor: '#0f6b5c',
  }));
});

afterAll(async () => {
  await server?.close();
});

describe('what is bought: the description', () => {
  it('is trimmed, stored and returned by the merchant read API, on both creation paths', async () => {
    const unconfigured = await create({ description: `  ${DESCRIPTION}  ` });
    const configured = await create({
      description: DESCRIPTION,
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Ana' }, { displayName: 'Ben' }],
    });
    for (const created of [unconfigured, configured]) {
      expect(created.status).toBe(200);
      const detail = await read(created.body.sessionId);
      expect(detail.status).toBe(200);
      expect(detail.body.description).toBe(DESCRIPTION);
    }
    const graphql = await postJson<{ data: { session: { description: string | null } } }>(
      `${server.baseUrl}/graphql`,
      { query: 'query($id: ID!) { session(id: $id) { description } }', variables: { id: unconfigured.body.sessionId } },
      { 'x-service-api-key': apiKey },
    );
    expect(graphql.body.data.session.description).toBe(DESCRIPTION);
  });

  it('is null when not sent or blank, and can be sent through GraphQL createSession', async () => {
    for (const body of [{}, { description: null }, { description: '   ' }]) {
      const created = await create(body);
      expect(created.status).toBe(200);
      expect((await read(created.body.sessionId)).body.description).toBeNull();
    }
    const viaGraphql = await postJson<{ data: { createSession: { sessionId: string } } }>(
      `${server.baseUrl}/graphql`,
      {
        query: 'mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }',
        variables: { input: { integrationId, amountMinor: '1000', description: 'Lunch for 2' } },
      },
      { 'x-service-api-key': apiKey },
    );
    expect((await read(viaGraphql.body.data.createSession.sessionId)).body.description).toBe('Lunch for 2');
  });

  it('is refused with VALIDATION_ERROR and a detail when too long or not one line of plain text', async () => {
    const cases: [unknown, RegExp][] = [
      ['x'.repeat(141), /141 characters long; at most 140/],
      ['Dinner\nfor 4', /control characters/],
      ['Dinner\u0007', /control characters/],
    ];
    for (const [description, message] of cases) {
      const refused = await create({ description });
      expect(refused.status, JSON.stringify(description)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.details).toEqual([{ path: 'description', message: expect.stringMatching(message) }]);
    }
    expect((await create({ description: '🍽'.repeat(140) })).status).toBe(200);
    expect((await create({ description: 42 })).status).toBe(400);
  });

  it('never appears in the public status poll', async () => {
    const created = await create({ description: 'Secret birthday dinner' });
    for (const path of ['/api/v1/payments/unified', '/api/payments/unified']) {
      const response = await fetch(`${server.baseUrl}${path}?sessionId=${created.body.sessionId}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain('Secret birthday dinner');
      expect(text).not.toContain('description');
    }
  });
});

describe("the merchant's brand on the pay pages", () => {
  it('gives the host and each payer the display name, logo, accent colour and description', async () => {
    const created = await create({
      description: DESCRIPTION,
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Ana' }, { displayName: 'Ben' }],
    });
    const host = new PayBrowser(server.baseUrl);
    const opened = await host.open(created.body.sessionId, created.body.hostToken);
    const brand = {
      merchantName: 'Harbour Table',
      merchantLogoUrl: 'https://cdn.example.com/harbour-table.png',
      accentColor: '#0F6B5C',
      description: DESCRIPTION,
    };
    expect(opened.data.openSession).toMatchObject(brand);
    const invite = (opened.data.openSession.participants as { inviteUrl: string | null }[])[1]!.inviteUrl!;
    const payer = new PayBrowser(server.baseUrl);
    const asPayer = await payer.open(created.body.sessionId, new URL(invite).searchParams.get('token')!);
    expect(asPayer.data.openSession).toMatchObject(brand);
  });

  it("shows the integration's name when no display name is set", async () => {
    const plain = await server.provision({ name: 'Corner Bakery' });
    const created = await postJson<Record<string, any>>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: plain.integrationId, amountMinor: '1000' },
      { 'x-service-api-key': plain.apiKey },
    );
    const host = new PayBrowser(server.baseUrl);
    const opened = await host.open(created.body.sessionId, created.body.hostToken);
    expect(opened.data.openSession).toMatchObject({
      merchantName: 'Corner Bakery',
      merchantLogoUrl: null,
      accentColor: null,
      description: null,
    });
  });

  it('refuses an accent colour white text is unreadable on, and a logo that is not https', async () => {
    await expect(server.provision({ accentColor: '#777777' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'accentColor', message: expect.stringMatching(/contrast 4\.47:1; at least 4\.5:1/) }],
    });
    await expect(server.provision({ accentColor: 'teal', logoUrl: 'http://cdn.example.com/l.png' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'logoUrl', message: 'must use https' },
        { path: 'accentColor', message: expect.stringMatching(/#RRGGBB/) },
      ],
    });
    await expect(server.provision({ logoUrl: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(server.provision({ accentColor: '#767676' })).resolves.toBeTruthy();
  });

  it('lets pay pages load https images and nothing else from elsewhere', async () => {
    const response = await fetch(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
});
