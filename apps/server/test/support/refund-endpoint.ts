import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { partner, type PartnerRefundPayload } from '@paysplit/sdk';

/**
 * A merchant's partner refund endpoint on loopback with a tiny processor behind it: the signed call
 * is verified through the SDK (`partner.verifyRefund`), each refundId is refunded at most once
 * (a retried call is answered from the first outcome), and the processor never refunds a charge
 * more than was charged.
 */
export class RefundEndpoint {
  /** Every call received (verified or not), in order. */
  readonly calls: { refundId: string | undefined; webhookId: string | undefined; status: number }[] = [];
  /** Refunds the processor made, by refundId. */
  readonly refunded = new Map<string, PartnerRefundPayload>();
  /** HTTP statuses to answer before the real answer, per refundId (e.g. [503, 503, 503]). */
  failFirst: number[] = [];
  /** How long a call waits before it is answered (a merchant that takes its time). */
  delayMs = 0;
  /** What a handled call answers. */
  answer: 'succeeded' | 'pending' | 'failed' = 'succeeded';
  /** Every verified call's headers and raw body, in order of arrival. */
  readonly received: { headers: IncomingHttpHeaders; body: string }[] = [];
  /** Awaited before a verified call is handled, when set (a test decides when and in what order calls are answered). */
  gate: ((payload: PartnerRefundPayload) => Promise<void>) | undefined;
  /** The processorRefundReference a succeeded refund gets (default: re_ and the refundId's first 8 characters). */
  referenceOf: (payload: PartnerRefundPayload) => string = (payload) => `re_${payload.refundId.slice(0, 8)}`;
  /** Charged amounts the processor holds, by payment id (unknown ones accept any amount). */
  readonly charged = new Map<string, bigint>();
  secret = '';
  baseUrl = '';
  private server: Server | undefined;
  private readonly seen = new Map<string, number>();

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const webhookId = req.headers['webhook-id'] as string | undefined;
        const reply = (status: number, json: unknown, refundId?: string): void => {
          this.calls.push({ refundId, webhookId, status });
          setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json)), this.delayMs);
        };
        let payload: PartnerRefundPayload;
        try {
          payload = partner.verifyRefund(body, req.headers as Record<string, string>, this.secret);
        } catch (error) {
          reply(401, { error: (error as Error).message });
          return;
        }
        this.received.push({ headers: req.headers, body });
        void (this.gate?.(payload) ?? Promise.resolve()).then(() => this.handle(payload, reply));
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(payload: PartnerRefundPayload, reply: (status: number, json: unknown, refundId?: string) => void): void {
    const tries = (this.seen.get(payload.refundId) ?? 0) + 1;
    this.seen.set(payload.refundId, tries);
    const failing = this.failFirst[tries - 1];
    if (failing !== undefined) {
      reply(failing, { error: 'processor unavailable' }, payload.refundId);
      return;
    }
    if (this.answer !== 'succeeded') {
      reply(200, { status: this.answer, ...(this.answer === 'failed' ? { failureReason: 'card closed' } : {}) }, payload.refundId);
      return;
    }
    if (!this.refunded.has(payload.refundId)) {
      const already = [...this.refunded.values()]
        .filter((refund) => refund.paymentId === payload.paymentId)
        .reduce((sum, refund) => sum + BigInt(refund.amountMinor), 0n);
      const charge = this.charged.get(payload.paymentId);
      if (charge !== undefined && already + BigInt(payload.amountMinor) > charge) {
        reply(200, { status: 'failed', failureReason: 'more than was charged' }, payload.refundId);
        return;
      }
      this.refunded.set(payload.refundId, payload);
    }
    reply(200, { status: 'succeeded', processorRefundReference: this.referenceOf(payload) }, payload.refundId);
  }

  get url(): string {
    return `${this.baseUrl}/paysplit/refund`;
  }

  /** Money the processor refunded on one payment. */
  refundedOn(paymentId: string): bigint {
    return [...this.refunded.values()].filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + BigInt(r.amountMinor), 0n);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
