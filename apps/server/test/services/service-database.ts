import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openOrm } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import type { MerchantPrincipal } from '../../src/modules/integrations/api-key-authentication.service.js';
import { createIntegrationServices } from '../../src/modules/integrations/integration-services.js';
import { SessionChangeAnnouncer } from '../../src/feed/session-changes.js';
import { DomainEvents } from '../../src/events/domain-events.js';
import { PaymentRepository } from '../../src/modules/sessions/payments/payment.repository.js';
import { createWebhookServices } from '../../src/modules/webhooks/index.js';
import type { SessionEvents } from '../../src/modules/sessions/events.js';
import { createSessionServices, type SessionServices } from '../../src/modules/sessions/session-services.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * The sessions and payments services on a real, migrated PostgreSQL database of their own, without
 * HTTP (as Immich's "medium" tests run services): what a use case wrote is read back with SQL.
 */
export interface ServiceDatabase {
  orm: MikroORM;
  services: SessionServices;
  /** Plain reads of payments, to check what a use case left behind. */
  payments: PaymentRepository;
  /** The clock every service reads; tests move it instead of sleeping. */
  clock: { now: Date };
  /** Session ids this app announced, in order (what pay pages and caches would hear). */
  announced: string[];
  merchant(input?: { eventSubscriptions?: string[] }): Promise<MerchantPrincipal>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openServiceDatabase(): Promise<ServiceDatabase> {
  const database = await createTestDatabase();
  const logger = createLogger({ level: 'silent' });
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 5, logger });
  const secretBox = new SecretBox(randomBytes(32));
  const integrations = createIntegrationServices({ secretBox });
  const announcer = new SessionChangeAnnouncer();
  orm.em.getEventManager().registerSubscriber(announcer);
  const announced: string[] = [];
  announcer.onLocalChange((sessionId) => announced.push(sessionId));
  const clock = { now: new Date() };
  // The merchant's events are the webhooks module's reactions, subscribed as createServices does.
  const events = new DomainEvents<SessionEvents>();
  const { services } = createSessionServices({
    publicBaseUrl: 'https://paysplit.test',
    secretBox,
    signingSecrets: integrations.signingSecrets,
    partner: { timeoutMs: 1_000, logger, privateTestUrls: false },
    announcer,
    events,
    accessKeepDays: 30,
    exportPageRows: 250,
    now: () => clock.now,
  });
  createWebhookServices({ events });
  return {
    orm,
    services,
    payments: new PaymentRepository(),
    clock,
    announced,
    async merchant(input = {}) {
      const created = await integrations.integrationSettings.createIntegration(orm.em.fork(), {
        name: 'Service test merchant',
        redirectAllowlist: ['https://shop.example.com'],
        ...input,
      });
      return integrations.apiKeyAuthentication.authenticate(orm.em.fork(), created.apiKey);
    },
    query: (sql, params = []) => orm.em.getConnection().execute(sql, params as never[]),
    async close() {
      await orm.close(true);
      await database.drop();
    },
  };
}
