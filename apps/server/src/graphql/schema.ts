import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { SessionResolver } from '../modules/sessions/session.resolver.js';

export const RESOLVERS = [SessionResolver] as const;

export async function buildPaySplitSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    // Input rules live in the domain and the services (one place for every transport).
    validate: false,
  });
}
