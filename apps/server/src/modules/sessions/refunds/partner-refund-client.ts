import { createSignedHeaders, type PartnerRefundPayload } from '@paysplit/sdk';
import { describeFetchError, fetchMerchant } from '../../../security/outbound.js';

const MAX_REPLY_BYTES = 16 * 1024;
const EXCERPT_CHARS = 1024;

/** What the merchant's refund endpoint made of one call: an answer of the contract, or none usable. */
export type PartnerRefundOutcome =
  | {
      kind: 'answered';
      status: 'succeeded' | 'pending' | 'failed';
      processorRefundReference: string | null;
      failureReason: string | null;
      httpStatus: number;
      excerpt: string;
    }
  | { kind: 'no_answer'; reason: string; httpStatus: number | null; excerpt: string | null };

/**
 * Makes the partner refund call (issue 15), the twin of the create-payment call: POST to the
 * partnerRefundUrl, signed with the partner secret(s), webhook-id = refundId, so a merchant that
 * receives it twice refunds once. Only HTTP 200 with `{status}` counts as an answer.
 */
export class PartnerRefundClient {
  constructor(private readonly options: { timeoutMs: number; privateTestUrls: boolean }) {}

  async requestRefund(url: string, secret: string | readonly string[], body: PartnerRefundPayload): Promise<PartnerRefundOutcome> {
    const text = JSON.stringify(body);
    let response: Awaited<ReturnType<typeof fetchMerchant>>;
    try {
      response = await fetchMerchant(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'user-agent': 'PaySplit-Refunds/1',
            ...createSignedHeaders({ id: body.refundId, body: text, secret }),
          },
          body: text,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        body.mode,
        { privateInTestMode: this.options.privateTestUrls },
      );
    } catch (error) {
      return { kind: 'no_answer', reason: describeFetchError(error, this.options.timeoutMs), httpStatus: null, excerpt: null };
    }
    const reply = (await response.text().catch(() => '')).slice(0, MAX_REPLY_BYTES);
    const excerpt = reply.slice(0, EXCERPT_CHARS);
    const none = (reason: string): PartnerRefundOutcome => ({ kind: 'no_answer', reason, httpStatus: response.status, excerpt });
    if (response.status !== 200) return none(`answered HTTP ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply);
    } catch {
      return none('reply is not JSON');
    }
    const answer = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
    const status = answer['status'];
    if (status !== 'succeeded' && status !== 'pending' && status !== 'failed') {
      return none("reply has no status of 'succeeded', 'pending' or 'failed'");
    }
    const text255 = (value: unknown, max: number): string | null =>
      typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
    return {
      kind: 'answered',
      status,
      processorRefundReference: text255(answer['processorRefundReference'], 255),
      failureReason: text255(answer['failureReason'], 200),
      httpStatus: response.status,
      excerpt,
    };
  }
}
