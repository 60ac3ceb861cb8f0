import type { CDPSession, Page, WebSocket } from 'playwright-core';

/** What DevTools' Fetch.requestPaused tells of a request held at its response (the fields read here). */
interface PausedResponse {
  requestId: string;
  request: { method: string; postData?: string };
}

type Reply = { data?: unknown; errors?: { message?: string; extensions?: { code?: string } }[] };

/**
 * What pages sent to /graphql and what came back, seen from the browser: the `documentId` of each
 * POST and the reply to it, and each graphql-ws subscription with the messages it got. A page
 * that sends document text (instead of an id) is noted too.
 */
export class GraphQLTraffic {
  /** documentId → how many replies carried data and no errors. */
  private readonly answered = new Map<string, number>();
  /** Every reply with errors (or none to read), as "<documentId>: <code> <message>". */
  readonly failures: string[] = [];
  /** Every `query` text a page sent (HTTP bodies, subscribe messages); the pages send none. */
  readonly textSent: string[] = [];
  private readonly reading: Promise<void>[] = [];

  /**
   * Starts recording a page. Each /graphql reply is read while the browser holds it, before the
   * page sees it (DevTools' Fetch domain, paused at the response stage, then let through
   * unchanged): a page that leaves for a checkout as soon as its reply arrives takes the reply's
   * body with it, so reading it afterwards, as `page.on('response')` would, fails.
   */
  async watch(page: Page): Promise<void> {
    const devtools = await page.context().newCDPSession(page);
    devtools.on('Fetch.requestPaused', (paused) => {
      this.reading.push(this.readPaused(devtools, paused));
    });
    await devtools.send('Fetch.enable', { patterns: [{ urlPattern: '*/graphql', requestStage: 'Response' }] });
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === '/graphql') this.watchSocket(socket);
    });
  }

  /** Once every reply already received has been read. */
  async settled(): Promise<void> {
    while (this.reading.length > 0) await Promise.all(this.reading.splice(0));
  }

  /** How many times the document was answered with data and no errors. */
  answeredCount(documentId: string): number {
    return this.answered.get(documentId) ?? 0;
  }

  private async readPaused(devtools: CDPSession, paused: PausedResponse): Promise<void> {
    try {
      if (paused.request.method !== 'POST') return;
      const sent = JSON.parse(paused.request.postData ?? '{}') as { documentId?: string; query?: string };
      if (sent.query !== undefined) this.textSent.push(sent.query);
      const { body, base64Encoded } = await devtools.send('Fetch.getResponseBody', { requestId: paused.requestId });
      this.record(sent.documentId, JSON.parse(base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body) as Reply);
    } catch (error) {
      this.failures.push(`reply not readable: ${(error as Error).message}`);
    } finally {
      await devtools.send('Fetch.continueResponse', { requestId: paused.requestId }).catch(() => undefined);
    }
  }

  private watchSocket(socket: WebSocket): void {
    const documentOf = new Map<string, string | undefined>();
    socket.on('framesent', ({ payload }) => {
      const message = parseFrame(payload);
      if (message?.type !== 'subscribe') return;
      const { documentId, query } = message.payload as { documentId?: string; query?: string };
      // graphql-ws needs a query field; beside a documentId it is empty.
      if (query) this.textSent.push(query);
      documentOf.set(message.id as string, documentId);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = parseFrame(payload);
      if (message?.type === 'next') this.record(documentOf.get(message.id as string), message.payload as Reply);
      if (message?.type === 'error') this.record(documentOf.get(message.id as string), { errors: message.payload as Reply['errors'] });
    });
  }

  private record(documentId: string | undefined, reply: Reply): void {
    const key = documentId ?? '(no documentId)';
    if (reply.errors?.length || reply.data == null) {
      const [first] = reply.errors ?? [];
      this.failures.push(`${key}: ${first?.extensions?.code ?? 'no data'} ${first?.message ?? ''}`.trim());
      return;
    }
    this.answered.set(key, this.answeredCount(key) + 1);
  }
}

function parseFrame(payload: string | Buffer): { type?: string; id?: unknown; payload?: unknown } | undefined {
  try {
    return JSON.parse(payload.toString()) as { type?: string; id?: unknown; payload?: unknown };
  } catch {
    return undefined;
  }
}
