import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { PaymentResolver } from '../modules/payments/payment.resolver.js';
import { PaySessionResolver } from '../modules/sessions/pay-session.resolver.js';
import { SessionResolver } from '../modules/sessions/session.resolver.js';
import { WebhookResolver } from '../modules/webhooks/webhook.resolver.js';

export const RESOLVERS = [SessionResolver, PaySessionResolver, PaymentResolver, WebhookResolver] as const;

export async function buildPaySplitSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    // Input rules live in the domain and the services (one place for every transport).
    validate: false,
  });
}
