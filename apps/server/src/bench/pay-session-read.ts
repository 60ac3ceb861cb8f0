import { fileURLToPath } from 'node:url';
import { TrustedDocuments } from '../graphql/trusted-documents.js';
import { load, type LoadResult } from './load.js';
import { accessCookieName } from '../http/cookies.js';

const PAY_DIST = fileURLToPath(new URL('../../../pay/dist/', import.meta.url));

/**
 * What every pay page and reconnect loads: the pay app's own PaySession document, sent by its
 * documentId with the session's cookie, as a browser sends it (the host's, who sees the most).
 */
export async function payPageLoad(options: {
  url: string;
  createHeaders: Record<string, string>;
  integrationId: string;
  seconds: number;
  connections: number;
}): Promise<{
  sessionId: string;
  autocannonOptions: { url: string; method: 'POST'; headers: Record<string, string>; body: string };
  run: () => Promise<LoadResult>;
}> {
  const created = (await (
    await fetch(`${options.url}/api/v1/payments/sessions`, {
      method: 'POST',
      headers: options.createHeaders,
      body: JSON.stringify({
        integrationId: options.integrationId,
        amountMinor: '48000',
        unconfigured: false,
        splitMode: 'equal',
        participants: [{ displayName: 'Aroha' }, { displayName: 'Ben', email: 'ben@example.com' }, { displayName: 'Caleb' }],
      }),
    })
  ).json()) as { sessionId: string; hostToken: string };
  const documentId = TrustedDocuments.load(PAY_DIST, true).idOf('PaySession');
  if (!documentId) throw new Error('bench: the pay app has no PaySession document (npm run build)');
  const body = JSON.stringify({ documentId, variables: { sessionId: created.sessionId } });
  const headers = {
    'content-type': 'application/json',
    cookie: `${accessCookieName(created.sessionId)}=${created.hostToken}`,
    // As the pay app sends it (a browser's fetch from the same origin).
    'sec-fetch-site': 'same-origin',
  };
  const check = (await (await fetch(`${options.url}/graphql`, { method: 'POST', headers, body })).json()) as {
    data?: { paySession?: { viewerRole: string } };
  };
  if (check.data?.paySession?.viewerRole !== 'HOST') throw new Error(`bench: PaySession answered ${JSON.stringify(check)}`);
  return {
    sessionId: created.sessionId,
    autocannonOptions: { url: `${options.url}/graphql`, method: 'POST', headers, body },
    run: () =>
      load({ url: `${options.url}/graphql`, method: 'POST', headers, body, seconds: options.seconds, connections: options.connections }),
  };
}
