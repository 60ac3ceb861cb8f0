import { HostSignIn } from './access/host-sign-in.entity.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { Participant } from './participant.entity.js';
import { PaymentCall, PaymentCallAttempt } from './payments/payment-call.entity.js';
import { Payment } from './payments/payment.entity.js';
import { Refund, RefundCallAttempt } from './refunds/refund.entity.js';
import { Session } from './session.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); only its repositories write them (docs/architecture.md, "Modules"). */
export const SESSION_ENTITIES = [
  Session,
  Participant,
  IdempotencyRecord,
  Payment,
  Refund,
  RefundCallAttempt,
  PaymentCall,
  PaymentCallAttempt,
  HostSignIn,
];
