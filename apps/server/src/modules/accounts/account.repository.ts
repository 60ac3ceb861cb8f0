import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { Account, AdminLogin, OperatorToken } from './account.entity.js';

/** Every query and write of the account, admin_login and operator_token tables. */
export class AccountRepository {
  async emailTaken(em: EntityManager, email: string): Promise<boolean> {
    return (await em.count(Account, { email })) > 0;
  }

  /** Staged in the unit of work; `save` writes it. */
  insertAccount(em: EntityManager, fields: RequiredEntityData<Account>): Account {
    return em.create(Account, fields);
  }

  /** With the password hash, which is loaded only when asked for. */
  findByEmailWithPassword(em: EntityManager, email: string): Promise<Account | null> {
    return em.findOne(Account, { email }, { populate: ['passwordHash'] });
  }

  getWithPassword(em: EntityManager, accountId: string): Promise<Account> {
    return em.findOneOrFail(Account, { id: accountId }, { populate: ['passwordHash'] });
  }

  /** Staged in the unit of work; `save` writes it. */
  insertLogin(em: EntityManager, fields: RequiredEntityData<AdminLogin>): AdminLogin {
    return em.create(AdminLogin, fields);
  }

  findLoginByTokenHash(em: EntityManager, tokenHash: string): Promise<AdminLogin | null> {
    return em.findOne(AdminLogin, { tokenHash }, { populate: ['account'] });
  }

  /** Activity bookkeeping, outside the unit of work. */
  async stampLoginSeen(em: EntityManager, loginId: string, at: Date): Promise<void> {
    await em.nativeUpdate(AdminLogin, { id: loginId }, { lastSeenAt: at });
  }

  async deleteLogin(em: EntityManager, tokenHash: string): Promise<void> {
    await em.nativeDelete(AdminLogin, { tokenHash });
  }

  /** Ends every sign-in of the account but the one whose token hashes to `keepTokenHash`. */
  async deleteLoginsOf(em: EntityManager, accountId: string, keepTokenHash?: string): Promise<void> {
    await em.nativeDelete(AdminLogin, { account: accountId, ...(keepTokenHash ? { tokenHash: { $ne: keepTokenHash } } : {}) });
  }

  /** Staged in the unit of work; `save` writes it. */
  insertOperatorToken(em: EntityManager, accountId: string, fields: Omit<RequiredEntityData<OperatorToken>, 'account'>): OperatorToken {
    return em.create(OperatorToken, { ...fields, account: em.getReference(Account, accountId) });
  }

  findOperatorTokenByHash(em: EntityManager, tokenHash: string): Promise<OperatorToken | null> {
    return em.findOne(OperatorToken, { tokenHash }, { populate: ['account'] });
  }

  findOperatorToken(em: EntityManager, tokenId: string): Promise<OperatorToken | null> {
    return em.findOne(OperatorToken, { id: tokenId });
  }

  /** Newest first. */
  listOperatorTokens(em: EntityManager): Promise<OperatorToken[]> {
    return em.find(OperatorToken, {}, { orderBy: { createdAt: 'desc' } });
  }

  /** Activity bookkeeping, outside the unit of work. */
  async stampOperatorTokenUsed(em: EntityManager, tokenId: string, at: Date): Promise<void> {
    await em.nativeUpdate(OperatorToken, { id: tokenId }, { lastUsedAt: at });
  }

  /** Writes what the unit of work holds: staged rows and changes to loaded accounts and tokens. */
  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }
}
