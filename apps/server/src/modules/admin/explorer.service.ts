import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid, SESSION_STATUSES } from '@paysplit/domain';
import type { AdminPrincipal } from '../accounts/index.js';
import type { AuditEntry } from '../audit/index.js';
import type { AdminScope } from '../integrations/index.js';
import type { Session } from '../sessions/index.js';
import type { WebhookDelivery } from '../webhooks/index.js';
import { assertRange } from '../webhooks/index.js';
import { ownerScope } from '../integrations/index.js';
import { ExplorerRepository, type ListedSession } from './explorer.repository.js';
import { decodeCursor, type Page, pageSize, toPage } from './keyset-page.js';

/** An id no row has: an unknown or foreign integration id filters to an empty page, like any other filter. */
const NO_INTEGRATION = '00000000-0000-0000-0000-000000000000';

export interface SessionListFilter {
  integrationId?: string | null;
  status?: string[] | null;
  mode?: string | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  orderReference?: string | null;
  currency?: string | null;
  amountMinorMin?: string | null;
  amountMinorMax?: string | null;
}

function minorBound(value: string | number | null | undefined, path: string): bigint | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value);
  if (!/^\d{1,18}$/.test(text))
    throw new AppError(ErrorCode.ValidationError, `${path} must be a whole number of minor units`, [{ path, message: 'must be digits' }]);
  return BigInt(text);
}

/** Read models of the administration area: the sessions explorer, deliveries, stats and the audit log. */
export class ExplorerService {
  private readonly explorer = new ExplorerRepository();

  constructor(private readonly options: { adminScope: AdminScope }) {}

  async listSessions(
    em: EntityManager,
    principal: AdminPrincipal,
    filter: SessionListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<ListedSession>> {
    const size = pageSize(first);
    if (filter.status?.length) {
      const unknown = filter.status.filter((status) => !(SESSION_STATUSES as readonly string[]).includes(status));
      if (unknown.length) throw new AppError(ErrorCode.ValidationError, `Unknown status ${unknown.join(', ')}`);
    }
    const amountMinorMin = minorBound(filter.amountMinorMin, 'filter.amountMinorMin');
    const amountMinorMax = minorBound(filter.amountMinorMax, 'filter.amountMinorMax');
    const position = decodeCursor(after);
    const rows = await this.explorer.listSessions(
      em,
      ownerScope(principal),
      {
        integrationId: filter.integrationId ? (isUuid(filter.integrationId) ? filter.integrationId : NO_INTEGRATION) : undefined,
        statuses: filter.status?.length ? (filter.status as Session['status'][]) : undefined,
        mode: (filter.mode || undefined) as Session['mode'] | undefined,
        createdFrom: filter.createdFrom ?? undefined,
        createdTo: filter.createdTo ?? undefined,
        orderReference: filter.orderReference || undefined,
        currency: filter.currency ? filter.currency.toUpperCase() : undefined,
        amountMinorMin,
        amountMinorMax,
      },
      size + 1,
      position,
    );
    return toPage(rows, size, (session) => ({ at: session.cursorAt, id: session.id }));
  }

  async findSession(em: EntityManager, principal: AdminPrincipal, sessionId: string): Promise<Session> {
    const session = isUuid(sessionId) ? await this.explorer.findSession(em, ownerScope(principal), sessionId) : null;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  async listDeliveries(
    em: EntityManager,
    principal: AdminPrincipal,
    filter: { integrationId?: string | null; status?: string | null; from?: Date | null; to?: Date | null },
    first?: number | null,
    after?: string | null,
  ): Promise<Page<WebhookDelivery>> {
    const size = pageSize(first);
    const position = decodeCursor(after);
    const rows = await this.explorer.listDeliveries(
      em,
      ownerScope(principal),
      {
        integrationId: filter.integrationId ? (isUuid(filter.integrationId) ? filter.integrationId : NO_INTEGRATION) : undefined,
        status: (filter.status || undefined) as WebhookDelivery['status'] | undefined,
        from: filter.from ?? undefined,
        to: filter.to ?? undefined,
      },
      size + 1,
      position,
    );
    return toPage(rows, size, (delivery) => ({ at: delivery.createdAt.toISOString(), id: delivery.id }));
  }

  async stats(em: EntityManager, principal: AdminPrincipal, range: { from: Date; to: Date }, integrationId?: string | null) {
    assertRange(range);
    if (integrationId && !isUuid(integrationId)) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    const { byStatus, collected, refunded, timing } = await this.explorer.sessionStats(
      em,
      ownerScope(principal),
      range,
      integrationId || undefined,
    );
    const counts = SESSION_STATUSES.map((status) => ({ status, count: Number(byStatus.find((row) => row.status === status)?.count ?? 0) }));
    const delivered = Number(timing?.delivered ?? 0);
    const failed = Number(timing?.failed ?? 0);
    return {
      sessionCount: counts.reduce((sum, row) => sum + row.count, 0),
      countsByStatus: counts,
      collected: collected.map((row) => ({ currency: row.currency, amountMinor: BigInt(row.collected) })),
      refunded: refunded.map((row) => ({ currency: row.currency, amountMinor: BigInt(row.refunded) })),
      medianSecondsToComplete: timing?.median === null || timing?.median === undefined ? null : Number(timing.median),
      deliverySuccessRate: delivered + failed === 0 ? null : delivered / (delivered + failed),
    };
  }

  /** Operators see every entry; a merchant user the entries of their integrations and their own account. */
  async auditLog(
    em: EntityManager,
    principal: AdminPrincipal,
    integrationId?: string | null,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<AuditEntry>> {
    const size = pageSize(first);
    let scope: { actorAccountId: string; integrationIds: string[] } | undefined;
    if (principal.role !== 'operator') {
      const owned = await this.options.adminScope.integrationIdsOwnedBy(em, principal.accountId);
      scope = { actorAccountId: principal.accountId, integrationIds: owned };
      if (integrationId && !owned.includes(integrationId)) {
        throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
      }
    }
    if (integrationId && !isUuid(integrationId)) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    const position = decodeCursor(after);
    const rows = await this.explorer.listAuditEntries(em, scope, integrationId || undefined, size + 1, position);
    return toPage(rows, size, (entry) => ({ at: entry.at.toISOString(), id: entry.id }));
  }
}
