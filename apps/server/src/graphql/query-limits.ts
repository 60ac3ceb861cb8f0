import type { ApolloServerPlugin } from '@apollo/server';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { ErrorCode } from '@paysplit/domain';
import { GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { createRequire } from 'node:module';

// Its ESM build imports graphql's .mjs files, a second copy of graphql beside the CommonJS one that
// type-graphql builds the schema with ("Cannot use GraphQLObjectType from another module"). The
// CommonJS build shares graphql with the rest of the server.
const { fieldExtensionsEstimator, getComplexity, simpleEstimator } = createRequire(import.meta.url)(
  'graphql-query-complexity',
) as typeof import('graphql-query-complexity');

/**
 * Deep enough for sessions → events → deliveries → attempts (7) and for the standard
 * introspection query (tools and codegen), which is counted too: nesting `ofType` is the
 * classic way to make a server walk a deep tree.
 */
export const MAX_QUERY_DEPTH = 15;
/** One point a field; page fields multiply their selection by the page size (see `complexity` on them). */
export const MAX_QUERY_COST = 10_000;

export const depthLimitRule: ValidationRule = maxDepthRule({
  n: MAX_QUERY_DEPTH,
  exposeLimits: true,
  ignoreIntrospection: false,
  flattenFragments: true,
  // Reported as a validation error (VALIDATION_ERROR, 400) rather than thrown (which would be a 500).
  propagateOnRejection: false,
  onReject: [(context, error) => context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')))],
}) as unknown as ValidationRule;

/** Refuses an operation whose estimated cost exceeds MAX_QUERY_COST, before any resolver runs. */
export function costLimitPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              operationName: request.operationName,
              variables: request.variables,
              estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch {
            // Variables that do not fit their types: execution refuses them next, with the field named.
            return;
          }
          if (cost > MAX_QUERY_COST) {
            throw new GraphQLError(
              `The query costs ${cost} points; the limit is ${MAX_QUERY_COST}. Ask for fewer fields or smaller pages.`,
              {
                extensions: { code: ErrorCode.ValidationError, http: { status: 400 } },
              },
            );
          }
        },
      };
    },
  };
}
