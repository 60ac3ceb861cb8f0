import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import { hashSecret } from '../../security/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AccountRepository } from './account.repository.js';
import { isEmailAddress } from './email-address.js';
import type { Account, AccountRole, OperatorToken } from './account.entity.js';
import {
  generateOneTimePassword,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  UNKNOWN_ACCOUNT_HASH,
  verifyPassword,
} from './password.js';

/** Who is using the administration area or the internal GraphQL dashboards. */
export interface AdminPrincipal {
  readonly accountId: string;
  readonly email: string;
  readonly role: AccountRole;
  readonly mustChangePassword: boolean;
  /** How audit entries name them. */
  readonly actor: string;
  readonly via: 'login' | 'operator-token';
  /** The operator token's id when signed in with one (each token has its own query budget). */
  readonly operatorTokenId?: string;
}

/** Counts sign-in failures (see RateLimits.loginRefusal). */
export interface LoginThrottle {
  loginRefusal(email: string, address: string): Promise<{ retryAfter: number } | undefined>;
  loginFailed(email: string, address: string): Promise<void>;
  loginSucceeded(email: string, address: string): Promise<void>;
}

export const ADMIN_COOKIE = 'ps_admin';
const LOGIN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
export const OPERATOR_TOKEN_PATTERN = /^pso_[A-Za-z0-9_-]{43}$/;

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly audit: AuditService,
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

  /** A new account; without a password, a one-time one is generated (returned once) and must be changed at first sign-in. */
  async createAccount(
    em: EntityManager,
    input: { email: string; password?: string; role: AccountRole },
  ): Promise<{ account: Account; oneTimePassword?: string }> {
    const email = normalizeEmail(input.email);
    const oneTimePassword = input.password === undefined ? generateOneTimePassword() : undefined;
    const password = input.password ?? oneTimePassword!;
    assertPasswordRules(password, 'password');
    if (await this.accounts.emailTaken(em, email)) {
      throw new AppError(ErrorCode.ValidationError, 'An account with this email already exists', [
        { path: 'email', message: 'already registered' },
      ]);
    }
    const account = this.accounts.insertAccount(em, {
      email,
      role: input.role,
      passwordHash: await hashPassword(password),
      mustChangePassword: oneTimePassword !== undefined,
    });
    await this.accounts.save(em);
    return { account, oneTimePassword };
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

  /** Internal dashboards: `Authorization: Bearer pso_…`, valid only while its operator account exists. */
  async resolveOperatorToken(em: EntityManager, presented: string): Promise<AdminPrincipal> {
    const invalid = new AppError(ErrorCode.Unauthenticated, 'The operator token is not valid');
    if (!OPERATOR_TOKEN_PATTERN.test(presented)) throw invalid;
    const token = await this.accounts.findOperatorTokenByHash(em, hashSecret(presented));
    if (!token || token.revokedAt || token.account.role !== 'operator') throw invalid;
    const now = this.now();
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.accounts.stampOperatorTokenUsed(em, token.id, now);
    }
    return {
      accountId: token.account.id,
      email: token.account.email,
      role: 'operator',
      mustChangePassword: false,
      actor: `operator token "${token.name}" (${token.account.email})`,
      via: 'operator-token',
      operatorTokenId: token.id,
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

  async changePassword(
    em: EntityManager,
    principal: AdminPrincipal,
    input: { currentPassword: string; newPassword: string; keepLoginToken?: string },
  ): Promise<Account> {
    const account = await this.accounts.getWithPassword(em, principal.accountId);
    if (!(await verifyPassword(String(input.currentPassword ?? '').slice(0, MAX_PASSWORD_LENGTH), account.passwordHash))) {
      throw new AppError(ErrorCode.ValidationError, 'The current password is wrong', [{ path: 'currentPassword', message: 'is wrong' }]);
    }
    assertPasswordRules(input.newPassword, 'newPassword');
    if (input.newPassword === input.currentPassword) {
      throw new AppError(ErrorCode.ValidationError, 'Choose a password different from the current one', [
        { path: 'newPassword', message: 'must differ from the current password' },
      ]);
    }
    account.passwordHash = await hashPassword(input.newPassword);
    account.mustChangePassword = false;
    account.passwordChangedAt = this.now();
    // Every other sign-in of this account ends: a changed password locks out whoever else had it.
    await this.accounts.deleteLoginsOf(em, account.id, input.keepLoginToken ? hashSecret(input.keepLoginToken) : undefined);
    this.audit.record(em, principal, { action: 'account.password_changed', summary: 'Changed their password' });
    await this.accounts.save(em);
    return account;
  }

  async createOperatorToken(em: EntityManager, principal: AdminPrincipal, name: string): Promise<{ token: string; record: OperatorToken }> {
    requireOperator(principal);
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (trimmed.length === 0 || trimmed.length > 100) {
      throw new AppError(ErrorCode.ValidationError, 'name must be 1 to 100 characters', [
        { path: 'name', message: 'must be 1 to 100 characters' },
      ]);
    }
    const token = `pso_${randomBytes(32).toString('base64url')}`;
    const record = this.accounts.insertOperatorToken(em, principal.accountId, {
      name: trimmed,
      tokenHash: hashSecret(token),
      last4: token.slice(-4),
    });
    this.audit.record(em, principal, {
      action: 'operator_token.created',
      summary: `Created operator token "${trimmed}" ••••${record.last4}`,
      details: { tokenId: record.id },
    });
    await this.accounts.save(em);
    return { token, record };
  }

  async listOperatorTokens(em: EntityManager, principal: AdminPrincipal): Promise<OperatorToken[]> {
    requireOperator(principal);
    return this.accounts.listOperatorTokens(em);
  }

  async revokeOperatorToken(em: EntityManager, principal: AdminPrincipal, id: string): Promise<OperatorToken> {
    requireOperator(principal);
    const token = isUuid(id) ? await this.accounts.findOperatorToken(em, id) : null;
    if (!token) throw new AppError(ErrorCode.NotFound, `Operator token ${id} not found`);
    if (!token.revokedAt) {
      token.revokedAt = this.now();
      this.audit.record(em, principal, {
        action: 'operator_token.revoked',
        summary: `Revoked operator token "${token.name}" ••••${token.last4}`,
        details: { tokenId: token.id },
      });
    }
    await this.accounts.save(em);
    return token;
  }
}

export function requireOperator(principal: AdminPrincipal): void {
  if (principal.role !== 'operator') throw new AppError(ErrorCode.Forbidden, 'Only PaySplit operators can do this');
}

function normalizeEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!isEmailAddress(email)) {
    throw new AppError(ErrorCode.ValidationError, 'email must be an email address', [
      { path: 'email', message: 'must be an email address' },
    ]);
  }
  return email;
}

function assertPasswordRules(password: unknown, path: string): asserts password is string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError(ErrorCode.ValidationError, `The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`, [
      { path, message: `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters` },
    ]);
  }
}
