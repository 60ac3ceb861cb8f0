import WebSocket from 'ws';

export interface SocketClose {
  code: number;
  reason: string;
}

/** A graphql-ws message as the server sent it (type, id, payload). */
export type SocketMessage = { type?: string; id?: string; payload?: unknown } & Record<string, unknown>;

/**
 * A WebSocket on the server's /graphql that sends whatever it is told (frames of any size, binary,
 * text that is not JSON, messages out of order): what a hostile client sends, not what graphql-ws's
 * client would. Keeps every message the server sent and how the socket closed.
 */
export class RawSocket {
  readonly messages: SocketMessage[] = [];
  readonly closed: Promise<SocketClose>;
  private wake: () => void = () => undefined;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    socket.on('message', (data) => {
      let message: SocketMessage;
      try {
        message = JSON.parse(String(data)) as SocketMessage;
      } catch {
        message = { type: 'not-json', text: String(data) };
      }
      this.messages.push(message);
      this.wake();
    });
    // A refused or cut socket also reports an error; its close says what happened.
    socket.on('error', () => undefined);
  }

  /**
   * Opens a socket (on /graphql with graphql-transport-ws unless told otherwise; `protocol: []` asks
   * for none); the HTTP status and the body when the handshake is refused.
   */
  static open(
    baseUrl: string,
    options: { headers?: Record<string, string>; protocol?: string | readonly string[]; path?: string } = {},
  ): Promise<{ socket: RawSocket; status: 101 } | { socket: undefined; status: number; body?: string }> {
    const protocol =
      options.protocol === undefined
        ? 'graphql-transport-ws'
        : typeof options.protocol === 'string'
          ? options.protocol
          : [...options.protocol];
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${options.path ?? '/graphql'}`, protocol, {
      headers: options.headers,
      // Any mask is valid; with none to apply, sending megabytes does not hold up the test's own event loop.
      generateMask: (mask) => mask.fill(0),
    });
    return new Promise((resolve) => {
      socket.once('open', () => resolve({ socket: new RawSocket(socket), status: 101 }));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ socket: undefined, status: response.statusCode ?? 0, body });
          socket.terminate();
        });
        response.on('error', () => resolve({ socket: undefined, status: response.statusCode ?? 0, body }));
      });
      socket.once('error', () => resolve({ socket: undefined, status: 0 }));
    });
  }

  /** Opens a socket the server accepted (throws otherwise). */
  static async accepted(
    baseUrl: string,
    options: { headers?: Record<string, string>; protocol?: string | readonly string[]; path?: string } = {},
  ): Promise<RawSocket> {
    const opened = await RawSocket.open(baseUrl, options);
    if (!opened.socket) throw new Error(`the handshake was refused with ${opened.status}`);
    return opened.socket;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a message: objects as JSON text, strings as text, buffers as binary frames. */
  send(message: object | string | Buffer): void {
    if (!this.isOpen) return;
    if (Buffer.isBuffer(message)) this.socket.send(message, { binary: true });
    else this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from `from` on) that matches, or undefined once the socket closed or the time ran out. */
  async waitFor(match: (message: SocketMessage) => boolean, timeoutMs = 5_000, from = 0): Promise<SocketMessage | undefined> {
    const deadline = Date.now() + timeoutMs;
    let closed = false;
    void this.closed.then(() => (closed = true));
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found || closed || Date.now() >= deadline) return found;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(50, deadline - Date.now()));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** connection_init, then its acknowledgement (throws when the server answers otherwise). */
  async init(payload?: unknown): Promise<void> {
    this.send(payload === undefined ? { type: 'connection_init' } : { type: 'connection_init', payload });
    if (!(await this.waitFor((message) => message.type === 'connection_ack'))) {
      throw new Error(`no connection_ack: ${JSON.stringify(await Promise.race([this.closed, Promise.resolve('still open')]))}`);
    }
  }

  /** Subscribes and returns the first answer to that id (next, error or complete), or undefined. */
  async subscribe(id: string, payload: Record<string, unknown>, timeoutMs = 5_000): Promise<SocketMessage | undefined> {
    const from = this.messages.length;
    this.send({ type: 'subscribe', id, payload });
    return this.waitFor((message) => message.id === id, timeoutMs, from);
  }

  /** How the socket closed, or undefined if it is still open after `timeoutMs`. */
  closedWithin(timeoutMs: number): Promise<SocketClose | undefined> {
    return Promise.race([this.closed, new Promise<undefined>((resolve) => setTimeout(resolve, timeoutMs))]);
  }

  terminate(): void {
    this.socket.terminate();
  }
}
