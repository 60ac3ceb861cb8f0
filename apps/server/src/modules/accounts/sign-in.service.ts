import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, MAX_PASSWORD_LENGTH } from '@paysplit/domain';
import { hashSecret } from '../../security/tokens.js';
import type { Account } from './account.entity.js';
import type { AccountRepository } from './account.repository.js';
import type { AdminPrincipal } from './account.service.js';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password.js';

/** Counts sign-in failures (see RateLimits.loginRefusal). */
export interface LoginThrottle {
  loginRefusal(email: string, address: string): Promise<{ retryAfter: number } | undefined>;
  loginFailed(email: string, address: string): Promise<void>;
  loginSucceeded(email: string, address: string): Promise<void>;
}

const LOGIN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Signing in to the administration area: the cookie token, its CSRF token, and signing out. */
export class SignInService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly options: {
      /** Key for deriving each sign-in's CSRF token from its cookie token. */
      csrfKey: Buffer;
      throttle?: LoginThrottle;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Checks the password and opens a sign-in; returns the cookie token (shown to the browser only). */
  async login(
    em: EntityManager,
    input: { email: string; password: string; clientAddress: string },
  ): Promise<{ account: Account; token: string; expiresAt: Date }> {
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    const refusal = await this.options.throttle?.loginRefusal(email, input.clientAddress);
    if (refusal) {
      throw new AppError(ErrorCode.RateLimitExceeded, `Too many wrong passwords. Try again in ${refusal.retryAfter} s.`, undefined, {
        retryAfterSeconds: refusal.retryAfter,
      });
    }
    const account = await this.accounts.findByEmailWithPassword(em, email);
    // Unknown emails cost the same scrypt work, so timing does not reveal which emails exist.
    const matches = await verifyPassword(
      String(input.password ?? '').slice(0, MAX_PASSWORD_LENGTH),
      account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH,
    );
    if (!account || !matches) {
      await this.options.throttle?.loginFailed(email, input.clientAddress);
      throw new AppError(ErrorCode.Unauthenticated, 'Wrong email or password');
    }
    await this.options.throttle?.loginSucceeded(email, input.clientAddress);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + LOGIN_LIFETIME_MS);
    this.accounts.insertLogin(em, { account, tokenHash: hashSecret(token), expiresAt });
    await this.accounts.save(em);
    return { account, token, expiresAt };
  }

  async logout(em: EntityManager, token: string | undefined): Promise<void> {
    if (token) await this.accounts.deleteLogin(em, hashSecret(token));
  }

  /** The signed-in account behind a cookie token, or undefined when it is unknown or expired. */
  async resolveLogin(em: EntityManager, token: string | undefined): Promise<AdminPrincipal | undefined> {
    if (!token) return undefined;
    const login = await this.accounts.findLoginByTokenHash(em, hashSecret(token));
    const now = this.now();
    if (!login || login.expiresAt <= now) return undefined;
    if (now.getTime() - login.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.accounts.stampLoginSeen(em, login.id, now);
    }
    const account = login.account;
    return {
      accountId: account.id,
      email: account.email,
      role: account.role,
      mustChangePassword: account.mustChangePassword,
      actor: account.email,
      via: 'login',
    };
  }

  /** The CSRF token of a sign-in: derived from its cookie token, so nothing more is stored. */
  csrfTokenFor(cookieToken: string): string {
    return createHmac('sha256', this.options.csrfKey).update(cookieToken).digest('base64url');
  }

  csrfTokenMatches(cookieToken: string, presented: string | undefined): boolean {
    if (!presented) return false;
    const expected = Buffer.from(this.csrfTokenFor(cookieToken));
    const given = Buffer.from(presented);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
