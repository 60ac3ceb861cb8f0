import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import { hashSecret } from '../../security/tokens.js';
import type { AuditService } from '../audit/index.js';
import type { OperatorToken } from './account.entity.js';
import type { AccountRepository } from './account.repository.js';
import { type AdminPrincipal, requireOperator } from './account.service.js';

export const OPERATOR_TOKEN_PATTERN = /^pso_[A-Za-z0-9_-]{43}$/;
const LAST_USED_RESOLUTION_MS = 60_000;

/** Operator tokens: bearer credentials of PaySplit staff for server-side dashboards. */
export class OperatorTokenService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Internal dashboards: `Authorization: Bearer pso_…`, valid only while its operator account exists. */
  async resolveOperatorToken(em: EntityManager, presented: string): Promise<AdminPrincipal> {
    const invalid = new AppError(ErrorCode.Unauthenticated, 'The operator token is not valid');
    if (!OPERATOR_TOKEN_PATTERN.test(presented)) throw invalid;
    const token = await this.accounts.findOperatorTokenByHash(em, hashSecret(presented));
    if (!token || token.revokedAt || token.account.role !== 'operator') throw invalid;
    const now = this.now();
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
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
