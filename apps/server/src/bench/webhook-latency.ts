import { performance } from 'node:perf_hooks';
import { TrustedDocuments } from '../graphql/trusted-documents.js';
import { startBenchServer, startLocalServer, summarize } from './harness.js';

export interface WebhookLatencyResult {
  name: 'webhook-latency';
  sessions: number;
  /** Milliseconds from sending the last `record` call to the webhook arriving at the merchant. */
  latencyMs: ReturnType<typeof summarize>;
  /** How long the record call itself took (its reply), for comparison. */
  recordCallMs: ReturnType<typeof summarize>;
  targetP99Ms: number;
}

/**
 * Last `record` -> completion webhook received, over real HTTP on loopback. Each session has one
 * payer, so its only record completes it; sessions run a few at a time, like a busy merchant.
 */
export async function measureWebhookLatency(sessions: number, concurrency = 4): Promise<WebhookLatencyResult> {
  const bench = await startBenchServer();
  const arrivals = new Map<string, (at: number) => void>();
  const receiver = await startLocalServer((_req, res, body) => {
    const at = performance.now();
    res.writeHead(200).end('ok');
    const { sessionId } = JSON.parse(body) as { sessionId: string };
    arrivals.get(sessionId)?.(at);
  });
  const partner = await startLocalServer((_req, res, body) => {
    const { paymentId } = JSON.parse(body) as { paymentId: string };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ redirectUrl: `http://127.0.0.1/checkout/${paymentId}` }));
  });
  const created = await bench.server.paysplit.services.integrationSettings.createIntegration(bench.server.database.orm.em.fork(), {
    name: 'Bench merchant',
    partnerCreatePaymentUrl: `${partner.url}/partner`,
    webhookUrl: `${receiver.url}/webhooks`,
  });
  const apiKey = created.apiKey;
  const json = { 'content-type': 'application/json', 'x-service-api-key': apiKey };

  // Production accepts only the pay app's own documents from a payer's browser: send those, by id.
  const documents = TrustedDocuments.load(bench.server.config.payAppDir, true);
  const documentId = (operationName: string): string => {
    const id = documents.idOf(operationName);
    if (!id) throw new Error(`the pay app has no ${operationName} document`);
    return id;
  };

  const recordDurations: number[] = [];
  const one = async (): Promise<number> => {
    const session = (await (
      await fetch(`${bench.baseUrl}/api/v1/payments/sessions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          integrationId: created.integration.id,
          amountMinor: '1000',
          unconfigured: false,
          splitMode: 'equal',
          participants: [{ displayName: 'Payer' }],
        }),
      })
    ).json()) as { sessionId: string; hostToken: string };
    const open = await fetch(`${bench.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        documentId: documentId('OpenSession'),
        variables: { sessionId: session.sessionId, token: session.hostToken },
      }),
    });
    const cookie = open.headers.getSetCookie()[0]!.split(';')[0]!;
    const started = (await (
      await fetch(`${bench.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          documentId: documentId('StartPayment'),
          variables: { sessionId: session.sessionId },
        }),
      })
    ).json()) as { data: { startPayment: { paymentId: string } } };
    const arrived = new Promise<number>((resolve) => arrivals.set(session.sessionId, resolve));
    const sentAt = performance.now();
    const recorded = await fetch(`${bench.baseUrl}/api/v1/payments/record`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ paymentId: started.data.startPayment.paymentId, action: 'authorize' }),
    });
    if (!recorded.ok) throw new Error(`record failed: ${recorded.status} ${await recorded.text()}`);
    const repliedAt = performance.now();
    const at = await arrived;
    recordDurations.push(repliedAt - sentAt);
    arrivals.delete(session.sessionId);
    return at - sentAt;
  };

  try {
    for (let warmup = 0; warmup < 10; warmup += 1) await one();
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < sessions) {
          next += 1;
          samples.push(await one());
        }
      }),
    );
    return {
      name: 'webhook-latency',
      sessions,
      latencyMs: summarize(samples),
      recordCallMs: summarize(recordDurations.slice(10)),
      targetP99Ms: 250,
    };
  } finally {
    receiver.server.close();
    partner.server.close();
    await bench.stop();
  }
}
