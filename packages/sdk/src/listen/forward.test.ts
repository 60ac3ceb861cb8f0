import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListenCall } from '../wire-types.js';
import { forwardCall, localUrlOf } from './forward.js';

const targets = (base: string) => ({ webhooks: new URL(`${base}/webhooks/paysplit`), partnerBase: new URL(base) });

function call(overrides: Partial<ListenCall> = {}): ListenCall {
  return {
    type: 'call',
    callId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    kind: 'partner',
    path: '/paysplit/refund?shop=1',
    attempt: 2,
    timeoutMs: 2_000,
    headers: { 'content-type': 'application/json', 'user-agent': 'PaySplit-Refunds/1', 'webhook-id': 'refund-1' },
    body: '{"type":"partner.refund.create","refundId":"refund-1","mode":"test"}',
    ...overrides,
  };
}

describe('where a forwarded call goes', () => {
  it('sends webhooks to --forward-to and partner calls under the partner base at their own path', () => {
    expect(localUrlOf(call({ kind: 'webhook' }), targets('http://localhost:4242')).toString()).toBe(
      'http://localhost:4242/webhooks/paysplit',
    );
    expect(localUrlOf(call(), targets('http://localhost:4242')).toString()).toBe('http://localhost:4242/paysplit/refund?shop=1');
    const prefixed = { webhooks: new URL('http://localhost:4242/hooks'), partnerBase: new URL('http://127.0.0.1:5000/shop/') };
    expect(localUrlOf(call(), prefixed).toString()).toBe('http://127.0.0.1:5000/shop/paysplit/refund?shop=1');
  });
});

describe('forwarding a call to a local server', () => {
  let server: Server;
  let base = '';
  const received: { url: string | undefined; headers: IncomingHttpHeaders; body: string }[] = [];
  let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '{"status":"succeeded"}' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('POSTs the exact body with exactly the headers given, and answers with the local status and body', async () => {
    const { answer: sent, forwarded } = await forwardCall(call(), targets(base));
    const last = received.at(-1)!;
    expect(last.url).toBe('/paysplit/refund?shop=1');
    expect(last.body).toBe(call().body);
    expect(Object.keys(last.headers).sort()).toEqual(['connection', 'content-length', 'content-type', 'host', 'user-agent', 'webhook-id']);
    expect(sent).toEqual({ type: 'answer', callId: call().callId, status: 200, retryAfter: null, body: '{"status":"succeeded"}' });
    expect(forwarded).toMatchObject({ type: 'partner.refund.create', id: 'refund-1', attempt: 2, outcome: { status: 200 } });
  });

  it('passes a Retry-After on and cuts a long body to what PaySplit reads', async () => {
    answer = { status: 503, body: 'é'.repeat(40_000), headers: { 'retry-after': '7' } };
    const { answer: sent } = await forwardCall(call(), targets(base));
    expect(sent).toMatchObject({ status: 503, retryAfter: '7' });
    expect((sent as { body: string }).body).toHaveLength(16 * 1024);
  });

  it('never sends a body whose mode is not test', async () => {
    const before = received.length;
    const { answer: sent } = await forwardCall(call({ body: '{"type":"partner.refund.create","mode":"live"}' }), targets(base));
    expect(sent).toEqual({ type: 'answer', callId: call().callId, error: 'not forwarded: a listener forwards test-mode calls only' });
    expect(received).toHaveLength(before);
  });

  it('says why there was no answer when nothing listens', async () => {
    const { answer: sent, forwarded } = await forwardCall(call(), targets('http://127.0.0.1:1'));
    expect(sent).toEqual({ type: 'answer', callId: call().callId, error: 'could not connect (ECONNREFUSED)' });
    expect(forwarded.outcome).toEqual({ error: 'could not connect (ECONNREFUSED)' });
  });
});
