import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyMode = 'test' | 'live';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 32 bytes need at most 43 base62 digits (62^43 > 2^256); fixed width keeps keys one length.
const BASE62_WIDTH_32_BYTES = 43;

export const API_KEY_PATTERN = /^ps_(test|live)_[0-9A-Za-z]{43}$/;

function toBase62(bytes: Buffer, width: number): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(width, '0');
}

/** `ps_test_…` / `ps_live_…` followed by 32 random bytes in base62. */
export function generateApiKey(mode: KeyMode): string {
  return `ps_${mode}_${toBase62(randomBytes(32), BASE62_WIDTH_32_BYTES)}`;
}

/** hostToken and participant tokens: 32 random bytes, base64url. */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Signing secrets in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What we store in place of a key or token: its SHA-256, hex. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a presented secret against a stored hash in time independent of where they differ. */
export function secretMatchesHash(presented: string, storedHash: string): boolean {
  return hashesMatch(hashSecret(presented), storedHash);
}

/** The same comparison for a secret already hashed (by the caller, for its lookup). */
export function hashesMatch(presentedHash: string, storedHash: string): boolean {
  const presented = Buffer.from(presentedHash, 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
