import { SessionDuplicatePaymentsResolver } from './payments/duplicate-payment.resolver.js';
import { PayParticipantHoldResolver } from './payments/hold-state.resolver.js';
import { CancellationResolver, CaptureResolver, SessionPaymentCallsResolver } from './payments/payment-call.resolver.js';
import { PaymentResolver } from './payments/payment.resolver.js';
import { PaySessionResolver } from './pay-session.resolver.js';
import { PayParticipantRefundsResolver, RefundResolver, SessionRefundsResolver } from './refunds/refund.resolver.js';
import { SessionResolver } from './session.resolver.js';
import { TestClockResolver } from './test-clock/test-clock.resolver.js';
import { OpenGroupResolver } from './open-groups/open-group.resolver.js';

/** The module's part of the GraphQL schema (graphql/schema.ts builds one schema from every module's). */
export const SESSION_RESOLVERS = [
  SessionResolver,
  PaySessionResolver,
  PaymentResolver,
  RefundResolver,
  SessionRefundsResolver,
  PayParticipantRefundsResolver,
  PayParticipantHoldResolver,
  CancellationResolver,
  CaptureResolver,
  SessionPaymentCallsResolver,
  SessionDuplicatePaymentsResolver,
  TestClockResolver,
  OpenGroupResolver,
] as const;
