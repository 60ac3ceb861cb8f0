import { createSignedHeaders } from '@paysplit/sdk';
import type { Listeners } from '../listen/listeners.js';
import { describeFetchError, fetchMerchant } from './outbound.js';
import type { KeyMode } from './tokens.js';

/** One signed POST PaySplit makes to a merchant: a webhook delivery or a partner call. */
export interface MerchantCall {
  integrationId: string;
  /** The call's own mode; only `test` may go to a listener (and relaxes the outbound rules). */
  mode: KeyMode;
  kind: 'webhook' | 'partner';
  /** The integration's configured URL for this call. */
  url: string;
  /** The webhook-id: the same on every attempt. */
  id: string;
  /** Which attempt this is; null for a call that is not retried (create-payment). */
  attempt: number | null;
  body: string;
  /** The integration's signing secret(s): during a rotation both sign. */
  secret: string | readonly string[];
  /** What the call sends besides its signature, in order: content-type, accept, user agent. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborts the call (the job runner's, when this instance loses its claims). */
  signal?: AbortSignal;
  /** The most of the answer kept, in bytes. */
  maxReplyBytes: number;
}

/** What the merchant answered (its status, Retry-After and the start of its body), or why there was no answer. */
export type MerchantReply =
  { kind: 'reply'; status: number; retryAfter: string | null; text: string | null } | { kind: 'none'; reason: string };

export interface MerchantCallOptions {
  /** Where test-mode calls go while a listener is connected (`paysplit listen`). */
  listeners?: Listeners;
  /** Test-mode calls may reach private addresses (PRIVATE_TEST_URLS). */
  privateTestUrls: boolean;
}

/**
 * Makes one call: to the integration's listener when a test-mode call has one (the listener signs it
 * with its own secret and its CLI makes the request), else to the configured URL, signed with the
 * integration's secret, through the outbound guard (SSRF rules by mode), redirects not followed,
 * within the timeout. Either way the caller reads the same reply.
 */
export async function callMerchant(call: MerchantCall, options: MerchantCallOptions): Promise<MerchantReply> {
  const routed = await options.listeners?.route(call.integrationId, call.mode, {
    kind: call.kind,
    path: pathOf(call.url),
    id: call.id,
    attempt: call.attempt,
    body: call.body,
    headers: call.headers,
    timeoutMs: call.timeoutMs,
  });
  if (routed?.kind === 'reply') {
    return { kind: 'reply', status: routed.status, retryAfter: routed.retryAfter, text: cutToBytes(routed.body, call.maxReplyBytes) };
  }
  if (routed) return routed;
  const signal = call.signal ? AbortSignal.any([call.signal, AbortSignal.timeout(call.timeoutMs)]) : AbortSignal.timeout(call.timeoutMs);
  let response: Awaited<ReturnType<typeof fetchMerchant>>;
  try {
    response = await fetchMerchant(
      call.url,
      {
        method: 'POST',
        headers: { ...call.headers, ...createSignedHeaders({ id: call.id, body: call.body, secret: call.secret }) },
        body: call.body,
        redirect: 'manual',
        signal,
      },
      call.mode,
      { privateInTestMode: options.privateTestUrls },
    );
  } catch (error) {
    return { kind: 'none', reason: describeFetchError(error, call.timeoutMs) };
  }
  return {
    kind: 'reply',
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    text: await readBounded(response, call.maxReplyBytes),
  };
}

/** The path and query of a configured URL (a listener's CLI keeps it for partner calls). */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

function cutToBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.byteLength <= maxBytes ? text : new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, maxBytes));
}

/** At most `maxBytes` of the body, decoded; what arrived before a failed read is kept. Null when there is no body. */
async function readBounded(response: Awaited<ReturnType<typeof fetchMerchant>>, maxBytes: number): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The timeout or the connection cut the body short: what came is what there is.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks).subarray(0, maxBytes));
}
