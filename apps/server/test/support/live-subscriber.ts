import WebSocket from 'ws';

/** What a pay page's subscription asks for: every field a viewer may see. */
export const FULL_VIEW_SUBSCRIPTION = `subscription($sessionId: ID!) { paySessionUpdated(sessionId: $sessionId) {
  id status viewerRole viewerParticipantId amountMinor paidMinor remainingMinor organiserName merchantName description version
  participants { id displayName amountMinor status isHost isYou email inviteUrl coveredByHost refundedMinor refundPendingMinor
    emailStatus { invitedAt lastRemindedAt nextRemindAllowedAt unsubscribed } }
} }`;

/**
 * One graphql-ws subscription on a socket of its own, spoken by hand so a test can stop reading
 * (`pause`) or never answer pings (`autoPong: false`), which a library client would not do.
 */
export class LiveSubscriber {
  readonly pushes: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }[] = [];
  /** The errors of a refused subscription (a `next` without data, or an `error` message). */
  refusal: { message: string; extensions?: { code?: string } }[] | undefined;
  closeCode: number | undefined;
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private readonly acknowledged: Promise<void>;

  constructor(baseUrl: string, cookie: string, options: { autoPong?: boolean } = {}) {
    this.socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { cookie },
      autoPong: options.autoPong ?? true,
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
    this.acknowledged = new Promise((resolve, reject) => {
      this.socket.on('error', reject);
      this.socket.on('open', () => this.socket.send(JSON.stringify({ type: 'connection_init' })));
      this.socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { type: string; payload?: any };
        if (message.type === 'connection_ack') resolve();
        // A refusal at subscription time (graphql-ws runs the subscribe resolver): errors, no data.
        if (message.type === 'next' && !message.payload?.data && message.payload?.errors) this.refusal = message.payload.errors;
        else if (message.type === 'next') this.pushes.push(message.payload);
        if (message.type === 'error') this.refusal = message.payload;
      });
    });
  }

  /** Connects and subscribes to the session's changes (`variables`: what else the subscription takes). */
  async subscribe(sessionId: string, query = FULL_VIEW_SUBSCRIPTION, variables: Record<string, unknown> = {}): Promise<this> {
    await this.acknowledged;
    this.socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { ...variables, sessionId } } }));
    return this;
  }

  /**
   * Waits for what follows a subscription: its first push (the session as it is once subscribed),
   * a refusal, or the socket closing; false if none came within `timeoutMs`.
   */
  answered(timeoutMs = 2_000): Promise<boolean> {
    return eventually(() => this.pushes.length > 0 || this.refusal !== undefined || this.closeCode !== undefined, timeoutMs);
  }

  /** Stops reading from the socket (a frozen tab, a dead network): nothing is read, pings included. */
  pause(): void {
    this.socket.pause();
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Polls `condition` every 5 ms until true or `timeoutMs` passed; returns whether it became true. */
export async function eventually(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}
