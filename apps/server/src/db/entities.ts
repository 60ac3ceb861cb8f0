import { JobInstance, JobSchedule } from '../jobs/job.entity.js';
import { Account, AdminLogin, OperatorToken } from '../modules/accounts/account.entity.js';
import { EmailAttempt, EmailMessage } from '../modules/emails/email-message.entity.js';
import { AuditEntry } from '../modules/audit/audit-entry.entity.js';
import { ApiKey } from '../modules/integrations/api-key.entity.js';
import { Integration } from '../modules/integrations/integration.entity.js';
import { Payment } from '../modules/sessions/payments/payment.entity.js';
import { Refund, RefundCallAttempt } from '../modules/sessions/refunds/refund.entity.js';
import { IdempotencyRecord } from '../modules/sessions/idempotency-record.entity.js';
import { Participant } from '../modules/sessions/participant.entity.js';
import { Session } from '../modules/sessions/session.entity.js';
import { WebhookAttempt, WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity.js';
import { WebhookEvent } from '../modules/webhooks/webhook-event.entity.js';

/** Every persisted entity, listed explicitly (no folder scanning, so builds and tests agree). */
export const ENTITIES = [
  Integration,
  ApiKey,
  Session,
  Participant,
  IdempotencyRecord,
  Payment,
  WebhookEvent,
  WebhookDelivery,
  WebhookAttempt,
  Account,
  AdminLogin,
  OperatorToken,
  AuditEntry,
  EmailMessage,
  EmailAttempt,
  Refund,
  RefundCallAttempt,
  JobInstance,
  JobSchedule,
];
