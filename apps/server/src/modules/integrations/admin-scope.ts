import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import type { AdminPrincipal } from '../accounts/index.js';
import type { Integration } from './integration.entity.js';
import type { IntegrationRepository } from './integration.repository.js';

/**
 * What an administration-area user may see: operators everything, a merchant the integrations
 * it owns. Every admin query and mutation goes through these, and anything outside the scope is
 * "not found" (never "forbidden", which would confirm it exists).
 */
export function visibleIntegrations(principal: AdminPrincipal): FilterQuery<Integration> {
  return principal.role === 'operator' ? {} : { owner: principal.accountId };
}

/** The same scope, for rows that point at an integration (sessions, deliveries): by owner, or none for operators. */
export function ownerScope(principal: AdminPrincipal): { ownerAccountId?: string } {
  return principal.role === 'operator' ? {} : { ownerAccountId: principal.accountId };
}

/** The scope applied to one integration named by an administration-area request. */
export class AdminScope {
  constructor(private readonly integrations: IntegrationRepository) {}

  async requireVisibleIntegration(em: EntityManager, principal: AdminPrincipal, integrationId: string): Promise<Integration> {
    const integration = isUuid(integrationId)
      ? await this.integrations.findInScope(em, visibleIntegrations(principal), integrationId)
      : null;
    if (!integration) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    return integration;
  }

  /** The integrations a merchant user owns (the audit log shows their entries). */
  integrationIdsOwnedBy(em: EntityManager, accountId: string): Promise<string[]> {
    return this.integrations.idsOwnedBy(em, accountId);
  }
}
