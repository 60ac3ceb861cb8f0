import type { PartnerRefundPayload } from '@paysplit/sdk';
import { postSignedCall, replyText } from '../../../security/signed-partner-call.js';

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
 * receives it twice refunds once (security/signed-partner-call.ts does the HTTP).
 */
export class PartnerRefundClient {
  constructor(private readonly options: { timeoutMs: number; privateTestUrls: boolean }) {}

  async requestRefund(url: string, secret: string | readonly string[], body: PartnerRefundPayload): Promise<PartnerRefundOutcome> {
    const outcome = await postSignedCall({ url, secret, id: body.refundId, body, userAgent: 'PaySplit-Refunds/1' }, this.options);
    if (outcome.kind === 'no_answer') return outcome;
    return {
      kind: 'answered',
      status: outcome.status,
      processorRefundReference: replyText(outcome.reply, 'processorRefundReference', 255),
      failureReason: replyText(outcome.reply, 'failureReason', 200),
      httpStatus: outcome.httpStatus,
      excerpt: outcome.excerpt,
    };
  }
}
