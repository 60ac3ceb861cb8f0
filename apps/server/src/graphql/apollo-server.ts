import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { RequestContext } from './context.js';
import { MAX_DOCUMENT_TOKENS } from './document-limits.js';
import { errorLoggingPlugin, formatGraphQLError } from './errors.js';
import { costLimitPlugin, depthLimitRule } from './query-limits.js';
import { retryAfterPlugin } from './retry-after.js';

/**
 * Apollo as PaySplit runs it for documents a client wrote (the pay app's and the admin area's own
 * run compiled, graphql/compiled-documents.ts): our error shapes and logging, no automatic
 * persisted queries, bounded parsing, depth and cost limits, and no schema advertised in production.
 */
export function createApolloServer(options: {
  schema: GraphQLSchema;
  config: Pick<Config, 'introspection' | 'environment'>;
  logger: Logger;
  /** Checks that a request's own document may run (trusted-documents.ts) before its cost is charged. */
  admit: (context: RequestContext) => Promise<void>;
}): ApolloServer<RequestContext> {
  const { schema, config, logger, admit } = options;
  return new ApolloServer<RequestContext>({
    schema,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    // Apollo's own lines (startup, shutdown, unexpected failures) through ours: JSON, redacted.
    logger: logger.child({ component: 'apollo' }),
    // Off in production unless GRAPHQL_INTROSPECTION=on: the schema is documented, not advertised.
    introspection: config.introspection,
    // Without introspection, validation errors do not spell the schema out either ("Did you mean …").
    hideSchemaDetailsFromClientErrors: !config.introspection,
    // No automatic persisted queries: a hash stands only for a trusted document (trusted-documents.ts),
    // never for one a client registered.
    persistedQueries: false,
    // documentLimitsMiddleware has counted them already; this keeps the parse itself bounded too.
    parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS },
    validationRules: [depthLimitRule],
    // The Sandbox landing page only in development; production answers GET /graphql without it.
    plugins: [
      errorLoggingPlugin,
      retryAfterPlugin,
      costLimitPlugin(schema, { admit }),
      // Apollo's default cache-control plugin hooks every field's resolution (a policy object per
      // field, and Apollo wraps every resolver to call it) only to answer `no-store`, since nothing
      // in the schema is cacheable: the header is set once, before Apollo, instead (issue 18).
      ApolloServerPluginCacheControlDisabled(),
      ...(config.environment === 'development' ? [] : [ApolloServerPluginLandingPageDisabled()]),
    ],
  });
}
