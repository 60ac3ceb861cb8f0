import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { TrustedDocuments } from '../graphql/trusted-documents.js';
import { startLocalServer, summarize } from './harness.js';
import { startChild } from './load.js';

/**
 * Many payers joining one open group at once (docs/benchmarks.md): PAYERS join requests sent
 * together at a group of MAX_PLACES places, one place each, so the session's row lock serialises
 * them and the last PAYERS - MAX_PLACES are refused GROUP_FULL. Each claim's payment is then
 * recorded, and the group must end with exactly MAX_PLACES places sold. Beside it, the same number
 * of session creations sent at once to the floor (bare Express, one INSERT) of the same run.
 * PaySplit runs as its own process; the payers are requests of this process, over loopback.
 */
const PAY_DIST = fileURLToPath(new URL('../../../pay/dist/', import.meta.url));
const PRICE_PER_PLACE_MINOR = '2500';
/** The pay app's join (JoinOpenGroup), sent as text only while the built pay app has no document of it. */
const JOIN_OPEN_GROUP = `mutation JoinOpenGroup($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
  joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { participantId redirectUrl reservedUntil amountMinor }
}`;

export interface OpenGroupJoinResult {
  name: 'open-group';
  payers: number;
  maxPlaces: number;
  /** Milliseconds from sending each join to its answer, all sent at once. */
  joinMs: ReturnType<typeof summarize>;
  joined: number;
  /** Refusals by code (GROUP_FULL expected for every payer past the maximum). */
  refused: Record<string, number>;
  /** The session once every claim's payment is recorded. */
  placesSold: number;
  /** Places still claimed by payers who are paying (none should be left once every claim is paid). */
  placesReserved: number;
  status: string;
  /** Milliseconds for the same number of creations sent at once to the floor. */
  floorCreateMs: ReturnType<typeof summarize>;
  /** How the join was sent: the pay app's stored document by id, as in production, or its text. */
  document: 'trusted' | 'text';
}

interface JoinAnswer {
  data?: { joinOpenGroup?: { participantId: string } | null } | null;
  errors?: { extensions?: { code?: string } }[];
}

export async function measureOpenGroupJoins(options: {
  environment: Record<string, string>;
  /** Creates an integration whose partner calls go to `partnerUrl` (create, cancel, refund); returns its id and API key. */
  provision(partnerUrl: string): Promise<{ integrationId: string; apiKey: string }>;
  /** The floor of the same run (floor-server.ts). */
  floorUrl: string;
  payers: number;
  maxPlaces: number;
  /** Node options for PaySplit's process (BENCH_PROFILE's --cpu-prof). */
  nodeArgs?: readonly string[];
}): Promise<OpenGroupJoinResult> {
  // As a production server takes it from a browser: the pay app's stored document, by id. A pay app
  // built before its join document existed leaves the text, on a server that accepts text.
  const joinDocument = TrustedDocuments.load(PAY_DIST, true).idOf('JoinOpenGroup');
  const environment = joinDocument ? options.environment : { ...options.environment, GRAPHQL_TRUSTED_DOCUMENTS_ONLY: 'off' };

  // The merchant's side: each partner create-payment call answers a checkout URL and says which
  // payment belongs to which participant (the bench records them afterwards); cancels and refunds succeed.
  const paymentOf = new Map<string, string>();
  const partner = await startLocalServer((req, res, body) => {
    const call = JSON.parse(body) as { type?: string; paymentId?: string; participantId?: string };
    res.writeHead(200, { 'content-type': 'application/json' });
    if (call.type === 'partner.payment.create') {
      paymentOf.set(call.participantId!, call.paymentId!);
      res.end(JSON.stringify({ redirectUrl: `http://127.0.0.1/checkout/${call.paymentId}` }));
      return;
    }
    res.end(JSON.stringify({ status: 'succeeded' }));
  });
  const paysplit = await startChild('../main.js', environment, '/readyz', options.nodeArgs ?? []);
  try {
    const merchant = await options.provision(partner.url);
    const api = { 'content-type': 'application/json', 'x-service-api-key': merchant.apiKey };
    const createGroup = async (maxPlaces: number): Promise<{ sessionId: string; code: string }> => {
      const created = await fetch(`${paysplit.url}/api/v1/payments/sessions`, {
        method: 'POST',
        headers: api,
        body: JSON.stringify({
          integrationId: merchant.integrationId,
          currency: 'NZD',
          merchantOrderRef: 'bench-open-group',
          openGroup: { minPlaces: Math.ceil(maxPlaces / 2), maxPlaces, pricing: 'per_place', pricePerPlaceMinor: PRICE_PER_PLACE_MINOR },
        }),
      });
      if (!created.ok) throw new Error(`open-group: create answered ${created.status} ${await created.text()}`);
      const { sessionId, joinUrl } = (await created.json()) as { sessionId: string; joinUrl: string };
      return { sessionId, code: new URL(joinUrl).searchParams.get('code')! };
    };
    const join = async (group: { sessionId: string; code: string }, index: number): Promise<{ ms: number; answer: JoinAnswer }> => {
      const sentAt = performance.now();
      const response = await fetch(`${paysplit.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(joinDocument ? { documentId: joinDocument } : { query: JOIN_OPEN_GROUP }),
          variables: {
            sessionId: group.sessionId,
            code: group.code,
            input: { displayName: `Payer ${index + 1}`, email: `payer${index + 1}@example.com`, places: 1 },
          },
        }),
      });
      const answer = (await response.json()) as JoinAnswer;
      return { ms: performance.now() - sentAt, answer };
    };
    const burst = <T>(count: number, one: (index: number) => Promise<T>) =>
      Promise.all(Array.from({ length: count }, (_, index) => one(index)));
    const floorCreate = async (): Promise<number> => {
      const sentAt = performance.now();
      const response = await fetch(`${options.floorUrl}/floor/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ integrationId: merchant.integrationId, amountMinor: '48000', merchantOrderRef: 'bench-floor' }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`open-group: the floor answered ${response.status}`);
      return performance.now() - sentAt;
    };

    // One untimed burst of each first, a fifth the size (a path's first requests run while V8 is
    // still optimizing it), then the measured ones, the floor's right after the joins.
    const warmup = await createGroup(Math.ceil(options.maxPlaces / 5));
    await burst(Math.ceil(options.payers / 5), (index) => join(warmup, index));
    await burst(Math.ceil(options.payers / 5), floorCreate);
    const group = await createGroup(options.maxPlaces);
    const joins = await burst(options.payers, (index) => join(group, index));
    const floorTimes = await burst(options.payers, floorCreate);
    const refused: Record<string, number> = {};
    const participants: string[] = [];
    for (const { answer } of joins) {
      const participantId = answer.data?.joinOpenGroup?.participantId;
      if (participantId) participants.push(participantId);
      else {
        const code = answer.errors?.[0]?.extensions?.code ?? 'NO_CODE';
        refused[code] = (refused[code] ?? 0) + 1;
      }
    }

    // Every claim paid: the group must hold exactly its maximum, never more.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < participants.length) {
          const paymentId = paymentOf.get(participants[next++]!);
          if (!paymentId) throw new Error('open-group: a join made no partner call');
          const recorded = await fetch(`${paysplit.url}/api/v1/payments/record`, {
            method: 'POST',
            headers: api,
            body: JSON.stringify({ paymentId, action: 'authorize', processorReference: `ch_${paymentId}` }),
          });
          if (!recorded.ok) throw new Error(`open-group: record answered ${recorded.status} ${await recorded.text()}`);
        }
      }),
    );
    const session = (await (
      await fetch(`${paysplit.url}/api/v1/payments/sessions/${group.sessionId}`, { headers: { 'x-service-api-key': merchant.apiKey } })
    ).json()) as { status: string; openGroup: { placesSold: number; placesReserved: number } };

    return {
      name: 'open-group',
      payers: options.payers,
      maxPlaces: options.maxPlaces,
      joinMs: summarize(joins.map((one) => one.ms)),
      joined: participants.length,
      refused,
      placesSold: session.openGroup.placesSold,
      placesReserved: session.openGroup.placesReserved,
      status: session.status,
      floorCreateMs: summarize(floorTimes),
      document: joinDocument ? 'trusted' : 'text',
    };
  } finally {
    await paysplit.stop();
    partner.server.close();
  }
}
