import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { AppError, ErrorCode } from '@paysplit/domain';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit, type Response as UndiciResponse } from 'undici';
import type { KeyMode } from './tokens.js';

/**
 * Outgoing calls to merchants (partner create-payment, webhooks). In live mode the address must be
 * https and must not reach loopback, private, link-local or other non-public networks (SSRF,
 * decisions §6); test mode allows http and localhost for local development.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Checks a merchant URL when it is configured for live use: scheme, and every address its name resolves to. */
export async function assertLiveUrlAllowed(value: string, field: string): Promise<void> {
  const refuse = (reason: string): never => {
    throw new AppError(ErrorCode.ValidationError, `${field} ${reason}`, [{ path: field, message: reason }]);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('must be an absolute URL');
  }
  if (url.protocol !== 'https:') refuse('must use https in live mode');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => refuse(`host ${host} does not resolve`),
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    refuse('must not point at a loopback, private or link-local address in live mode');
}

/**
 * A resolver that refuses non-public addresses at connect time, so a name that resolved to a
 * public address at configuration cannot be rebound to an internal one later (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      const denial = Object.assign(new Error(`refused to connect to non-public address ${refused?.address ?? hostname}`), {
        code: 'EADDRNOTPUBLIC',
      });
      return callback(denial, '', 4);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

const liveAgent = new Agent({ connect: { lookup: publicOnlyLookup }, keepAliveTimeout: 30_000 });
const testAgent = new Agent({ keepAliveTimeout: 30_000 });

/** Why an outgoing call got no HTTP answer, for logs and attempt records (never for payers). */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no reply within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = (error as { code?: string } | null)?.code ?? cause?.code;
  if (code === 'EADDRNOTPUBLIC') return `refused: ${cause?.message ?? (error as Error).message}`;
  return `could not connect${code ? ` (${code})` : ''}`;
}

/**
 * fetch for calls to merchants. Live mode: https, through the public-only resolver. Test mode:
 * http allowed, and private addresses too only where `privateInTestMode` says so (development and
 * tests, where merchants run on localhost; production refuses them, so a test integration that
 * anyone can create is no way into the private network).
 */
export async function fetchMerchant(
  url: string,
  init: UndiciRequestInit,
  mode: KeyMode,
  options: { privateInTestMode: boolean } = { privateInTestMode: true },
): Promise<UndiciResponse> {
  const parsed = new URL(url);
  const publicOnly = mode === 'live' || !options.privateInTestMode;
  if (mode === 'live' && parsed.protocol !== 'https:') {
    throw Object.assign(new Error('live mode requires https'), { code: 'EADDRNOTPUBLIC' });
  }
  if (publicOnly) {
    // IP literals skip DNS, so they are checked here.
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) {
      throw Object.assign(new Error(`refused to connect to non-public address ${host}`), { code: 'EADDRNOTPUBLIC' });
    }
  }
  return undiciFetch(url, { ...init, dispatcher: publicOnly ? liveAgent : testAgent });
}
