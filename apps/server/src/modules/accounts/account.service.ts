import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@paysplit/domain';
import { hashSecret } from '../../security/tokens.js';
import type { AuditService } from '../audit/index.js';
import type { AccountRepository } from './account.repository.js';
import { isEmailAddress } from './email-address.js';
import type { Account, AccountRole } from './account.entity.js';
import { generateOneTimePassword, hashPassword, verifyPassword } from './password.js';

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

/** Administration-area accounts and their passwords. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
