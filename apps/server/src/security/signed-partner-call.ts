import type { Listeners } from '../listen/listeners.js';
import { callMerchant } from './merchant-call.js';
import type { KeyMode } from './tokens.js';

const MAX_REPLY_BYTES = 16 * 1024;
const EXCERPT_CHARS = 1024;

/** What the merchant's endpoint made of one signed call: an answer of the contract, or none usable. */
export type SignedCallOutcome =
  | {
      kind: 'answered';
      status: 'succeeded' | 'pending' | 'failed';
      /** The whole JSON reply, for the fields the call's own contract adds (references, reasons). */
      reply: Record<string, unknown>;
      httpStatus: number;
      excerpt: string;
    }
  | { kind: 'no_answer'; reason: string; httpStatus: number | null; excerpt: string | null };

export interface SignedCall {
  integrationId: string;
  url: string;
  /** The partner secret(s): during a rotation both sign (several signatures in one header). */
  secret: string | readonly string[];
  /** The webhook-id: the same on every retry, so the merchant acts once per id. */
  id: string;
  attempt: number;
  body: { mode: KeyMode };
  userAgent: string;
}

/**
 * The HTTP half of the signed calls PaySplit makes to a merchant about money (partner.refund.create,
 * partner.payment.cancel, partner.payment.capture): POST the JSON body, signed like the
 * create-payment call (callMerchant: to the integration's listener in test mode while one is
 * connected, else through the outbound guard), within the partner timeout, at most 16 KiB of reply
 * read and 1 KiB of it kept. Only HTTP 200 with a JSON `{status}` of 'succeeded', 'pending' or
 * 'failed' counts as an answer; anything else is none (the job retries it).
 */
export async function postSignedCall(
  call: SignedCall,
  options: { timeoutMs: number; privateTestUrls: boolean; listeners?: Listeners },
): Promise<SignedCallOutcome> {
  const reply = await callMerchant(
    {
      integrationId: call.integrationId,
      mode: call.body.mode,
      kind: 'partner',
      url: call.url,
      id: call.id,
      attempt: call.attempt,
      body: JSON.stringify(call.body),
      secret: call.secret,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': call.userAgent },
      timeoutMs: options.timeoutMs,
      maxReplyBytes: MAX_REPLY_BYTES,
    },
    options,
  );
  if (reply.kind === 'none') return { kind: 'no_answer', reason: reply.reason, httpStatus: null, excerpt: null };
  const replyText = reply.text ?? '';
  const excerpt = replyText.slice(0, EXCERPT_CHARS);
  const none = (reason: string): SignedCallOutcome => ({ kind: 'no_answer', reason, httpStatus: reply.status, excerpt });
  if (reply.status !== 200) return none(`answered HTTP ${reply.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(replyText);
  } catch {
    return none('reply is not JSON');
  }
  const answer = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const status = answer['status'];
  if (status !== 'succeeded' && status !== 'pending' && status !== 'failed') {
    return none("reply has no status of 'succeeded', 'pending' or 'failed'");
  }
  return { kind: 'answered', status, reply: answer, httpStatus: reply.status, excerpt };
}

/** A text field of a reply, trimmed and cut to `max` characters; null when absent or blank. */
export function replyText(reply: Record<string, unknown>, field: string, max: number): string | null {
  const value = reply[field];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}
