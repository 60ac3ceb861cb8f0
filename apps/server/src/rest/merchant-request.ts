import type { Request, Response } from 'express';

/** Whose key a merchant request carried: its integration, the key and its mode. */
export interface MerchantCaller {
  readonly integrationId: string;
  readonly apiKeyId: string;
  readonly mode: 'test' | 'live';
}

/**
 * One merchant API request as it ended, for the request log (modules/requests): handed over
 * synchronously when the answer is written, so a caller that has its answer finds it recorded.
 * Raw values: whoever keeps it redacts and bounds them.
 */
export interface MerchantRequest {
  /** When it arrived (epoch ms) and how long until its answer was written. */
  readonly at: number;
  readonly durationMs: number;
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  readonly status: number;
  readonly errorCode: string | null;
  readonly requestId: string;
  readonly idempotencyKey: string | undefined;
  /** The key's integration: from the accepted key, or from a refused one PaySplit knows (revoked). */
  readonly caller: MerchantCaller | undefined;
  /** The route's `:sessionId`, else the answer's `sessionId`, as sent (not checked). */
  readonly sessionId: unknown;
  /** The body as received (read by the route). */
  readonly body: Buffer | undefined;
  /** What was answered: the route's reply or the error body. */
  readonly reply: unknown;
  /**
   * The reply as the JSON text sent, when the route wrote it (the log reads this instead of `reply`:
   * the text is made once, for the answer, and is cheap to hand to another thread).
   */
  readonly replyJson?: string;
}

export type RecordMerchantRequest = (request: MerchantRequest) => void;

/**
 * A refusal of a key PaySplit knows (revoked) carries whose it was, so the request is logged
 * against that integration; a key nobody issued is logged against none.
 */
export function callerOfRefusal(error: unknown): MerchantCaller | undefined {
  const caller = (error as { keyOwner?: MerchantCaller } | null)?.keyOwner;
  return caller && typeof caller.integrationId === 'string' ? caller : undefined;
}

/**
 * What one request of an API-key route collects as it runs; `answered` hands it over once. A
 * request that ends without an answer of the route's (the client went away, a fault answered by
 * the app's last handler) is handed over when its response closes, with the status it got.
 */
export class MerchantRequestRecording {
  private readonly startedAt = performance.now();
  private readonly at = Date.now();
  private done = false;
  caller: MerchantCaller | undefined;

  constructor(
    private readonly req: Request,
    private readonly record: RecordMerchantRequest,
  ) {}

  /** Watches the response for an end the route did not answer itself. */
  watch(res: Response): this {
    res.once('close', () => {
      if (!this.done) this.answered(res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST, null, undefined);
    });
    return this;
  }

  answered(status: number, errorCode: string | null, reply: unknown, replyJson?: string): void {
    if (this.done) return;
    this.done = true;
    const { req } = this;
    const body: unknown = req.body;
    this.record({
      at: this.at,
      durationMs: performance.now() - this.startedAt,
      method: req.method,
      path: req.path,
      status,
      errorCode,
      requestId: req.requestId,
      idempotencyKey: req.get('idempotency-key'),
      caller: this.caller,
      sessionId: req.params.sessionId ?? (reply as { sessionId?: unknown } | null | undefined)?.sessionId,
      body: Buffer.isBuffer(body) ? body : undefined,
      reply: replyJson === undefined ? reply : undefined,
      ...(replyJson === undefined ? {} : { replyJson }),
    });
  }
}

/** What the log says of a request whose client went away before it was answered (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;
