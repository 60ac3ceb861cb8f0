import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { EmailMessage } from '../modules/emails/email-message.entity.js';
import type { EmailRepository } from '../modules/emails/email.repository.js';
import type { EmailService, EmailStatus } from '../modules/emails/email.service.js';
import type { ApiKey } from '../modules/integrations/api-key.entity.js';
import type { IntegrationRepository } from '../modules/integrations/integration.repository.js';
import type { Payment } from '../modules/sessions/payments/payment.entity.js';
import type { PaymentRepository } from '../modules/sessions/payments/payment.repository.js';
import type { RefundCallAttempt, Refund } from '../modules/sessions/refunds/refund.entity.js';
import type { RefundRepository } from '../modules/sessions/refunds/refund.repository.js';
import type { EventWithDeliveries, WebhookRepository } from '../modules/webhooks/webhook.repository.js';

/**
 * Per-request batch loaders: a page of sessions asking for payments or events costs one query
 * per kind, not one per session. Authorization happened when the sessions were loaded.
 */
export interface RequestLoaders {
  paymentsOfSession: DataLoader<string, Payment[]>;
  /** Authorized money each session cannot use (a page of sessions: one query, not one per row). */
  refundsOwedOfSession: DataLoader<string, Payment[]>;
  eventsOfSession: DataLoader<string, EventWithDeliveries[]>;
  /** Every refund of each session, oldest first. */
  refundsOfSession: DataLoader<string, Refund[]>;
  /** The partner call attempts of each refund (administration area). */
  attemptsOfRefund: DataLoader<string, RefundCallAttempt[]>;
  /** Integration names by id (a page of sessions shows each session's integration by name). */
  integrationName: DataLoader<string, string | null>;
  /** Every key of an integration, newest first (the integrations list asks for each row's keys). */
  apiKeysOfIntegration: DataLoader<string, ApiKey[]>;
  /** A session's emails with their attempts (the admin session page). */
  emailsOfSession: DataLoader<string, EmailMessage[]>;
  /** The host's roster: each participant's email status (null for an unknown id). */
  emailStatusOfParticipant: DataLoader<string, EmailStatus | null>;
}

function groupBy<T>(keys: readonly string[], items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const item of items) groups.get(keyOf(item))?.push(item);
  return keys.map((key) => groups.get(key) ?? []);
}

/** The repositories the batches read through. */
export interface LoaderRepositories {
  payments: PaymentRepository;
  integrations: IntegrationRepository;
  webhooks: WebhookRepository;
  emails: EmailRepository;
  emailService: EmailService;
  refunds: RefundRepository;
}

/** `emFor` names the unit of work when a batch runs (the dashboard pool's, once the request proved to be an admin one). */
export function createLoaders(
  emFor: () => EntityManager,
  { payments, integrations, webhooks, emails, emailService, refunds }: LoaderRepositories,
): RequestLoaders {
  const inKeyOrder = (keys: readonly string[], groups: Map<string, Payment[]>): Payment[][] => keys.map((key) => groups.get(key) ?? []);
  return {
    paymentsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await payments.findOfSessions(emFor(), sessionIds))),
    refundsOwedOfSession: new DataLoader(async (sessionIds) =>
      inKeyOrder(sessionIds, await payments.refundsOwedOfSessions(emFor(), sessionIds)),
    ),
    integrationName: new DataLoader(async (integrationIds) => {
      const names = await integrations.namesById(emFor(), integrationIds);
      return integrationIds.map((id) => names.get(id) ?? null);
    }),
    apiKeysOfIntegration: new DataLoader(async (integrationIds) =>
      groupBy(integrationIds, await integrations.listApiKeysOf(emFor(), integrationIds), (key) => key.integration.id),
    ),
    emailsOfSession: new DataLoader(async (sessionIds) =>
      groupBy(sessionIds, await emails.messagesOfSessions(emFor(), sessionIds), (message) => message.session.id),
    ),
    emailStatusOfParticipant: new DataLoader(async (participantIds) => {
      const statuses = await emailService.statuses(emFor(), participantIds);
      return participantIds.map((id) => statuses.get(id) ?? null);
    }),
    refundsOfSession: new DataLoader(async (sessionIds) => {
      const groups = await refunds.findOfSessions(emFor(), sessionIds);
      return sessionIds.map((id) => groups.get(id) ?? []);
    }),
    attemptsOfRefund: new DataLoader(async (refundIds) => {
      const groups = await refunds.attemptsOfRefunds(emFor(), refundIds);
      return refundIds.map((id) => groups.get(id) ?? []);
    }),
    eventsOfSession: new DataLoader(async (sessionIds) => {
      const events = await webhooks.eventsWithDeliveries(emFor(), { sessionIds });
      return groupBy(sessionIds, events, (entry) => entry.event.session!.id);
    }),
  };
}
