import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LISTEN_MAX_ANSWER_BODY_CHARS } from '../listen-protocol.js';
import type { ListenAnswer, ListenCall } from '../wire-types.js';

/** A message a listener may send: PaySplit refuses larger ones (1009). */
const MAX_ANSWER_MESSAGE_CHARS = 96 * 1024;

/** Where each kind of call goes on this machine. */
export interface ForwardTargets {
  /** Every webhook goes here, e.g. `http://localhost:4242/webhooks`. */
  webhooks: URL;
  /** Partner calls go to this base followed by the path of the integration's own URL for the call. */
  partnerBase: URL;
}

/** What one forwarded call came to, for the line the CLI prints. */
export interface ForwardedCall {
  /** When the local request started. */
  at: Date;
  kind: ListenCall['kind'];
  /** The body's `type`: an event type (`SERVICE_SESSION_COMPLETED`) or a partner call (`partner.payment.create`). */
  type: string;
  /** The `webhook-id`: an eventId, paymentId, refundId, cancelId or captureId. */
  id: string;
  attempt: number | null;
  url: string;
  /** The local endpoint's HTTP status, or why there was none. */
  outcome: { status: number } | { error: string };
  durationMs: number;
}

/** The local URL of a call: webhooks to their URL, partner calls under the partner base at their own path. */
export function localUrlOf(call: Pick<ListenCall, 'kind' | 'path'>, targets: ForwardTargets): URL {
  if (call.kind === 'webhook') return targets.webhooks;
  const base = targets.partnerBase;
  const path = call.path.startsWith('/') ? call.path : `/${call.path}`;
  return new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`);
}

/**
 * Makes the call PaySplit would have made, on this machine: POST the exact body with exactly the
 * headers given (node:http adds only host, content-length and connection), and reads at most what
 * PaySplit reads of any answer. A body whose `mode` is not `test` is never sent.
 */
export async function forwardCall(call: ListenCall, targets: ForwardTargets): Promise<{ answer: ListenAnswer; forwarded: ForwardedCall }> {
  const at = new Date();
  const started = performance.now();
  const url = localUrlOf(call, targets);
  const facts = bodyFacts(call.body);
  const finish = (outcome: ForwardedCall['outcome'], answer: ListenAnswer) => ({
    answer,
    forwarded: {
      at,
      kind: call.kind,
      type: facts.type ?? call.kind,
      id: call.headers['webhook-id'] ?? '',
      attempt: call.attempt,
      url: url.toString(),
      outcome,
      durationMs: Math.round(performance.now() - started),
    },
  });
  if (facts.mode !== 'test') {
    const error = 'not forwarded: a listener forwards test-mode calls only';
    return finish({ error }, { type: 'answer', callId: call.callId, error });
  }
  try {
    const reply = await post(url, call);
    if (reply.status < 100 || reply.status > 599) {
      const error = `answered with ${reply.status}, which is no HTTP status`;
      return finish({ error }, { type: 'answer', callId: call.callId, error });
    }
    return finish({ status: reply.status }, answerOf(call.callId, reply));
  } catch (caught) {
    const error = describe(caught, call.timeoutMs);
    return finish({ error }, { type: 'answer', callId: call.callId, error });
  }
}

function bodyFacts(body: string): { type?: string; mode?: unknown } {
  try {
    const parsed = JSON.parse(body) as { type?: unknown; mode?: unknown } | null;
    return { type: typeof parsed?.type === 'string' ? parsed.type : undefined, mode: parsed?.mode };
  } catch {
    return {};
  }
}

interface LocalReply {
  status: number;
  retryAfter: string | null;
  body: string;
}

function post(url: URL, call: ListenCall): Promise<LocalReply> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) },
        timeout: call.timeoutMs,
        signal: AbortSignal.timeout(call.timeoutMs),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < LISTEN_MAX_ANSWER_BODY_CHARS * 4) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter.slice(0, 64) : null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, LISTEN_MAX_ANSWER_BODY_CHARS),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    request.on('error', reject);
    request.end(call.body);
  });
}

/** The answer, its body cut until the message fits what PaySplit accepts. */
function answerOf(callId: string, reply: LocalReply): ListenAnswer {
  let body = reply.body;
  for (;;) {
    const answer: ListenAnswer = { type: 'answer', callId, status: reply.status, retryAfter: reply.retryAfter, body };
    if (JSON.stringify(answer).length <= MAX_ANSWER_MESSAGE_CHARS || body.length === 0) return answer;
    body = body.slice(0, Math.floor(body.length / 2));
  }
}

/** Why a local request got no answer, in the words PaySplit uses for its own calls. */
function describe(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; code?: string } | null;
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError' || failure?.code === 'ABORT_ERR')
    return `no reply within ${timeoutMs} ms`;
  return `could not connect${failure?.code ? ` (${failure.code})` : ''}`;
}
