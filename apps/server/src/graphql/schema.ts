import 'reflect-metadata';
import { defaultFieldResolver, type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { guardIdArguments } from './id-arguments.js';
import { enforceDeclaredLimits } from './rate-limited.js';
import type { RequestContext } from './context.js';
import { AccountResolver } from '../modules/accounts/index.js';
import { ParticipantEmailResolver, SessionEmailsResolver } from '../modules/emails/index.js';
import { ExplorerResolver } from '../modules/admin/index.js';
import { RequestLogResolver } from '../modules/requests/index.js';
import { LiveSessionResolver, OpenGroupInvitationResolver } from '../modules/live/index.js';
import { IntegrationResolver } from '../modules/integrations/index.js';
import { SessionEventsResolver, WebhookResolver } from '../modules/webhooks/index.js';
import { SESSION_RESOLVERS } from '../modules/sessions/index.js';

/** Every module's part of the one schema, bottom up in the modules' order. */
export const RESOLVERS = [
  AccountResolver,
  IntegrationResolver,
  ...SESSION_RESOLVERS,
  WebhookResolver,
  SessionEventsResolver,
  ParticipantEmailResolver,
  SessionEmailsResolver,
  LiveSessionResolver,
  OpenGroupInvitationResolver,
  ExplorerResolver,
  RequestLogResolver,
] as const;

/**
 * Subscriptions here bring their own `subscribe` (live updates come from PostgreSQL NOTIFY via
 * the SessionChangeHub); type-graphql still insists on a PubSub, so it gets one that says so.
 */
const NO_TOPIC_PUBSUB: PubSub = {
  publish: () => {
    throw new Error('PaySplit subscriptions do not use type-graphql topics');
  },
  subscribe: () => {
    throw new Error('PaySplit subscriptions do not use type-graphql topics');
  },
};

export async function buildPaySplitSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: RESOLVERS,
    pubSub: NO_TOPIC_PUBSUB,
    // Input rules live in the domain and the services (one place for every transport).
    validate: false,
  });
  // Ids are checked where they enter, for every transport (id-arguments.ts).
  // Ids first (a malformed id is refused before it counts against a limit), then the limits.
  return forgetLoadedRowsAfterMutations(guardIdArguments(enforceDeclaredLimits(schema)));
}

/**
 * The request's DataLoaders cache rows for the whole document; a mutation may change them (a
 * payment recorded, a key revoked), so each mutation empties them once it has run, before its own
 * result's fields are resolved. Mutations run one after another, so every later field reads fresh.
 */
function forgetLoadedRowsAfterMutations(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args, context: RequestContext, info) => {
      try {
        return await resolve(source, args, context, info);
      } finally {
        context.forgetLoadedRows();
      }
    };
  }
  return schema;
}

/** The SDL published as apps/server/schema.graphql (sorted, so diffs show real changes only). */
export async function printPaySplitSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await buildPaySplitSchema()))}\n`;
}
