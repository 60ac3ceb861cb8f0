import { WEBHOOK_EVENT_TYPES } from '@paysplit/domain';
import type { MerchantStub, ReceivedCall } from './merchant-stub.js';
import type { PayBrowser } from './pay-browser.js';
import { until } from './polling.js';
import type { RefundEndpoint } from './refund-endpoint.js';
import type { TestServer } from './test-server.js';
import { callRest, callsInFlight, expectGolden, refundsByPayment, WireLog, type WireReply } from './wire-recorder.js';

export type Integration = { integrationId: string; apiKey: string };

/**
 * The partner refund endpoint's calls, held until a journey answers them: calls made together
 * (an expiry's refunds, one request's parts) then settle in the order the journey chooses, so
 * their events' versions and running totals are the same on every run.
 */
export class HeldRefundCalls {
  private readonly held = new Map<string, (() => void)[]>();
  private answered = 0;

  constructor(readonly endpoint: RefundEndpoint) {
    endpoint.gate = (payload) =>
      new Promise((release) => this.held.set(payload.paymentId, [...(this.held.get(payload.paymentId) ?? []), release]));
    // Answers come one at a time, so counting them names each processor reference the same way every run.
    endpoint.referenceOf = () => `re_${(this.answered += 1)}`;
  }

  /** Starts counting references afresh (each scenario's fixture stands on its own). */
  reset(): void {
    this.answered = 0;
  }

  /** Waits for the call(s) of a payment and hands back what releases them. */
  async take(paymentId: string): Promise<(() => void)[]> {
    const waiting = await until(
      async () => this.held.get(paymentId) ?? [],
      (list) => list.length > 0,
    );
    this.held.delete(paymentId);
    return waiting;
  }
}

export interface WireStage {
  server: TestServer;
  merchant: MerchantStub;
  refundCalls: HeldRefundCalls;
  /** The integration a step acts as unless it says otherwise. */
  integration: Integration;
  /** Addresses that differ by run (the servers' ports) and what stands for them in a fixture. */
  addresses: Readonly<Record<string, string>>;
}

/** One scenario's recording: its REST replies and PaySplit's calls in the order of its steps, then its webhooks. */
export class WireJourney {
  readonly log = new WireLog();
  readonly sessionIds: string[] = [];
  /** Refunds whose partner call the journey has answered. */
  private readonly answered = new Set<string>();

  constructor(private readonly stage: WireStage) {
    stage.refundCalls.reset();
  }

  /** Calls a REST route as a merchant (as: null sends no API key) and records the reply. */
  async rest(
    step: string,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; as?: Integration | null } = {},
  ): Promise<WireReply> {
    const key: Record<string, string> = options.as === null ? {} : { 'x-service-api-key': (options.as ?? this.stage.integration).apiKey };
    const reply = await callRest(this.stage.server.baseUrl, method, path, { body: options.body, headers: { ...key, ...options.headers } });
    if (reply.status === 200) {
      refundsByPayment(reply.json);
      callsInFlight(reply.json, this.answered);
    }
    return this.log.rest(step, `${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}')}`, reply);
  }

  async create(step: string, body: Record<string, unknown>, as: Integration = this.stage.integration) {
    const reply = await this.rest(step, 'POST', '/api/v1/payments/sessions', { body: { integrationId: as.integrationId, ...body }, as });
    if (reply.status !== 200) throw new Error(`${step}: ${reply.text}`);
    this.sessionIds.push(reply.json.sessionId as string);
    return reply.json as { sessionId: string; hostToken: string };
  }

  get(step: string, sessionId: string, as?: Integration): Promise<WireReply> {
    return this.rest(step, 'GET', `/api/v1/payments/sessions/${sessionId}`, { as });
  }

  poll(step: string, sessionId: string): Promise<WireReply> {
    return this.rest(step, 'GET', `/api/v1/payments/unified?sessionId=${sessionId}`, { as: null });
  }

  record(step: string, body: Record<string, unknown>, as?: Integration): Promise<WireReply> {
    return this.rest(step, 'POST', '/api/v1/payments/record', { body, as });
  }

  /** A payer presses Pay: the partner create-payment call the merchant receives is recorded. */
  async startPayment(step: string, browser: PayBrowser, sessionId: string): Promise<string> {
    const started = await browser.startPayment(sessionId);
    if (started.errors) throw new Error(`${step}: ${JSON.stringify(started.errors)}`);
    const { paymentId } = started.data.startPayment;
    this.log.call(
      step,
      'partner create-payment URL',
      this.stage.merchant.partnerCalls.find((call) => call.json.paymentId === paymentId)!,
    );
    return paymentId;
  }

  /** Answers the partner refund call of one payment (recording it), then waits until PaySplit has settled it. */
  async answerRefund(step: string, paymentId: string, answer: 'succeeded' | 'pending' | 'failed' = 'succeeded'): Promise<void> {
    const { endpoint } = this.stage.refundCalls;
    const release = await this.stage.refundCalls.take(paymentId);
    const calls = endpoint.received.filter((call) => JSON.parse(call.body).paymentId === paymentId);
    this.log.call(step, 'partner refund URL', calls.at(-1)!);
    for (const call of calls) this.answered.add(JSON.parse(call.body).refundId);
    endpoint.answer = answer;
    release.forEach((go) => go());
    await until(
      () =>
        this.stage.server.query<{ n: string }>(`select count(*)::text as n from refund where payment_id = ? and call_status <> 'done'`, [
          paymentId,
        ]),
      ([row]) => row!.n === '0',
    );
  }

  /**
   * Waits until none of the scenario's deliveries or refund calls is outstanding, adds its webhooks
   * (by session, session version, event type, then the payment or refund they are about: the order
   * they arrive in is not part of the contract) and compares the recording with the fixture.
   */
  async matches(fixture: URL): Promise<void> {
    const outstanding = `select (select count(*) from webhook_delivery d join webhook_event e on e.id = d.event_id
                                  where e.session_id = any(?::uuid[]) and d.status = 'pending')
                              + (select count(*) from refund where session_id = any(?::uuid[]) and call_status <> 'done') as n`;
    const ids = `{${this.sessionIds.join(',')}}`;
    await until(
      () => this.stage.server.query<{ n: string }>(outstanding, [ids, ids]),
      ([row]) => Number(row!.n) === 0,
    );
    const text = JSON.stringify(this.log.entries);
    // A delivery retried after a lost answer carries the same event: it is recorded once.
    const byEvent = new Map(
      this.stage.merchant.webhookCalls
        .filter((call) => this.sessionIds.includes(call.json.sessionId))
        .map((call) => [call.json.eventId as string, call]),
    );
    const order = (call: ReceivedCall): number[] => [
      this.sessionIds.indexOf(call.json.sessionId),
      call.json.sessionVersion,
      WEBHOOK_EVENT_TYPES.indexOf(call.json.type),
      text.indexOf(call.json.refundId ?? call.json.paymentId ?? ''),
    ];
    const sorted = [...byEvent.values()].sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x.map((value, index) => value - y[index]!).find((difference) => difference !== 0) ?? 0;
    });
    for (const call of sorted) this.log.call(call.json.type, 'webhook URL', call);
    await expectGolden(fixture, this.log.entries, this.stage.addresses);
  }
}
