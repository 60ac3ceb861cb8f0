import { createHmac, randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import type { ListenAnswerMessage, ListenCallMessage } from './listen-messages.js';

/** How many calls one listener may have waiting for their answers; one more is a failed attempt. */
export const MAX_WAITING_CALLS = 32;
/** What a call waits beyond its own timeout: the hop to the listener and back. */
export const LISTEN_HOP_MS = 2_000;

/** A call a listener is to make, before it is signed: the listener signs it with its own secret. */
export interface ListenRequest {
  kind: 'webhook' | 'partner';
  /** The path and query of the integration's own URL for this call (partner calls keep it locally). */
  path: string;
  /** The webhook-id: the same on every attempt. */
  id: string;
  /** Which attempt this is; null for a call that is not retried (create-payment). */
  attempt: number | null;
  body: string;
  /** What the call sends besides its signature: content-type, accept, user agent. */
  headers: Record<string, string>;
  timeoutMs: number;
}

/** What came of a call made through a listener: the local endpoint's answer, or why there was none. */
export type ListenOutcome = { kind: 'reply'; status: number; retryAfter: string | null; body: string } | { kind: 'none'; reason: string };

/** The socket as a listener uses it. */
export interface ListenerSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/**
 * The secret every call to a listener is signed with: derived from the API key's id (decisions,
 * "paysplit listen"), so the same key gets the same secret on every connection and nothing is stored.
 */
export function listenerSigningSecret(key: Buffer, apiKeyId: string): string {
  return `whsec_${createHmac('sha256', key).update(apiKeyId.toLowerCase()).digest('base64')}`;
}

/** One listener connected to this instance: its socket, its secret and the calls waiting for answers. */
export class LocalListener {
  readonly id = randomUUID();
  private readonly waiting = new Map<string, { resolve: (outcome: ListenOutcome) => void; timer: NodeJS.Timeout }>();
  private closed = false;

  constructor(
    readonly integrationId: string,
    readonly apiKeyId: string,
    private readonly secret: string,
    private readonly socket: ListenerSocket,
  ) {}

  get waitingCalls(): number {
    return this.waiting.size;
  }

  /** Signs the call for this attempt, sends it, and resolves with the answer (or why there is none). */
  call(request: ListenRequest): Promise<ListenOutcome> {
    if (this.closed) return Promise.resolve({ kind: 'none', reason: 'the listener disconnected before answering' });
    if (this.waiting.size >= MAX_WAITING_CALLS) {
      return Promise.resolve({ kind: 'none', reason: `the listener has ${MAX_WAITING_CALLS} calls waiting for answers` });
    }
    const callId = randomUUID();
    const message: ListenCallMessage = {
      type: 'call',
      callId,
      kind: request.kind,
      path: request.path,
      attempt: request.attempt,
      timeoutMs: request.timeoutMs,
      headers: { ...request.headers, ...createSignedHeaders({ id: request.id, body: request.body, secret: this.secret }) },
      body: request.body,
    };
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => this.settle(callId, { kind: 'none', reason: `no reply within ${request.timeoutMs} ms` }),
        request.timeoutMs + LISTEN_HOP_MS,
      );
      timer.unref();
      this.waiting.set(callId, { resolve, timer });
      try {
        this.socket.send(JSON.stringify(message));
      } catch {
        this.settle(callId, { kind: 'none', reason: 'the listener disconnected before answering' });
      }
    });
  }

  /** A listener's answer; one to a call no longer waited for (it timed out) is dropped. */
  answered(message: ListenAnswerMessage): void {
    this.settle(
      message.callId,
      'error' in message
        ? { kind: 'none', reason: message.error }
        : { kind: 'reply', status: message.status, retryAfter: message.retryAfter ?? null, body: message.body },
    );
  }

  /** The socket closed: every call still waiting gets no answer (its job retries it). */
  disconnected(): void {
    this.closed = true;
    for (const callId of [...this.waiting.keys()])
      this.settle(callId, { kind: 'none', reason: 'the listener disconnected before answering' });
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  private settle(callId: string, outcome: ListenOutcome): void {
    const waiting = this.waiting.get(callId);
    if (!waiting) return;
    this.waiting.delete(callId);
    clearTimeout(waiting.timer);
    waiting.resolve(outcome);
  }
}
