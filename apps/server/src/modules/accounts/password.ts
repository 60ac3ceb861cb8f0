import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt baseline (N=2^17, r=8, p=1): ~128 MiB and ~0.2 s per hash, memory-hard by design.
const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(cost), Number(blockSize), Number(parallelism));
  const wanted = Buffer.from(expected, 'base64url');
  return key.length === wanted.length && timingSafeEqual(key, wanted);
}

/** A hash nobody's password matches, verified against when an email is unknown so timing does not tell. */
export const UNKNOWN_ACCOUNT_HASH = `scrypt$${COST}$${BLOCK_SIZE}$${PARALLELISM}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/** A readable one-time password: 20 base62 characters (~119 bits). */
export function generateOneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(40);
  let text = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % alphabet.length)) text += alphabet[byte % alphabet.length];
    if (text.length === 20) break;
  }
  return text.length === 20 ? text : generateOneTimePassword();
}
