import { createSignedHeaders } from '@paysplit/sdk';
import { describeFetchError, fetchMerchant } from './outbound.js';
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
  url: string;
  /** The partner secret(s): during a rotation both sign (several signatures in one header). */
  secret: string | readonly string[];
  /** The webhook-id: the same on every retry, so the merchant acts once per id. */
  id: string;
  body: { mode: KeyMode };
  userAgent: string;
}

/**
 * The HTTP half of the signed calls PaySplit makes to a merchant about money (partner.refund.create,
 * partner.payment.cancel): POST the JSON body, signed like the create-payment call, through the
 * outbound guard (SSRF rules by mode), redirects not followed, within the partner timeout, at most
 * 16 KiB of reply read and 1 KiB of it kept. Only HTTP 200 with a JSON `{status}` of 'succeeded',
 * 'pending' or 'failed' counts as an answer; anything else is none (the job retries it).
 */
export async function postSignedCall(
  call: SignedCall,
  options: { timeoutMs: number; privateTestUrls: boolean },
): Promise<SignedCallOutcome> {
  const text = JSON.stringify(call.body);
  let response: Awaited<ReturnType<typeof fetchMerchant>>;
  try {
    response = await fetchMerchant(
      call.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': call.userAgent,
          ...createSignedHeaders({ id: call.id, body: text, secret: call.secret }),
        },
        body: text,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      call.body.mode,
      { privateInTestMode: options.privateTestUrls },
    );
  } catch (error) {
    return { kind: 'no_answer', reason: describeFetchError(error, options.timeoutMs), httpStatus: null, excerpt: null };
  }
  const replyText = (await response.text().catch(() => '')).slice(0, MAX_REPLY_BYTES);
  const excerpt = replyText.slice(0, EXCERPT_CHARS);
  const none = (reason: string): SignedCallOutcome => ({ kind: 'no_answer', reason, httpStatus: response.status, excerpt });
  if (response.status !== 200) return none(`answered HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(replyText);
  } catch {
    return none('reply is not JSON');
  }
  const reply = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const status = reply['status'];
  if (status !== 'succeeded' && status !== 'pending' && status !== 'failed') {
    return none("reply has no status of 'succeeded', 'pending' or 'failed'");
  }
  return { kind: 'answered', status, reply, httpStatus: response.status, excerpt };
}

/** A text field of a reply, trimmed and cut to `max` characters; null when absent or blank. */
export function replyText(reply: Record<string, unknown>, field: string, max: number): string | null {
  const value = reply[field];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}
