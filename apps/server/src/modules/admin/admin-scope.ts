import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import type { AdminPrincipal } from '../accounts/account.service.js';
import { Integration } from '../integrations/integration.entity.js';

/**
 * What an administration-area user may see: operators everything, a merchant the integrations
 * it owns. Every admin query and mutation goes through these, and anything outside the scope is
 * "not found" (never "forbidden", which would confirm it exists).
 */
export function visibleIntegrations(principal: AdminPrincipal): FilterQuery<Integration> {
  return principal.role === 'operator' ? {} : { owner: principal.accountId };
}

/** The same scope, for rows that point at an integration (sessions, events, audit entries). */
export function visibleThroughIntegration(principal: AdminPrincipal): { integration?: FilterQuery<Integration> } {
  return principal.role === 'operator' ? {} : { integration: { owner: principal.accountId } };
}

export async function requireVisibleIntegration(em: EntityManager, principal: AdminPrincipal, integrationId: string): Promise<Integration> {
  const integration = isUuid(integrationId)
    ? await em.findOne(Integration, { $and: [{ id: integrationId }, visibleIntegrations(principal)] })
    : null;
  if (!integration) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
  return integration;
}
