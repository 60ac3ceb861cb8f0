import type { ApolloServerPlugin } from '@apollo/server';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { AppError, ErrorCode } from '@paysplit/domain';
import { type DocumentNode, getOperationAST, getVariableValues, GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { createRequire } from 'node:module';
import type { RequestContext } from './context.js';
import { graphQLRefusal } from './errors.js';
import { inputErrorMessage } from './input-errors.js';
import { OperationCostCache } from './operation-cost-cache.js';

/** The largest page an administration-area list returns (the explorer refuses more; the cost model counts this many). */
export const MAX_PAGE_SIZE = 100;

// Its ESM build imports graphql's .mjs files, a second copy of graphql beside the CommonJS one that
// type-graphql builds the schema with ("Cannot use GraphQLObjectType from another module"). The
// CommonJS build shares graphql with the rest of the server.
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)(
  'graphql-query-complexity',
) as typeof import('graphql-query-complexity');

/**
 * Deep enough for sessions → events → deliveries → attempts (7) and for the standard
 * introspection query (tools and codegen), which is counted too: nesting `ofType` is the
 * classic way to make a server walk a deep tree.
 */
export const MAX_QUERY_DEPTH = 15;
/** The most one operation may cost (see FIELD_COSTS); more is refused before anything runs. */
export const MAX_QUERY_COST = 10_000;

/** The cost of one SQL statement: a field of output is 1 point, a statement weighs as much as ten. */
const STATEMENT = 10;
/** A mutation's transaction (a few statements, row locks, an audit entry or outbox rows). */
const WRITE = 100;
/** scrypt with 128 MiB (accounts/password.ts): a large share of a second of a core per call; two fit in an operation. */
const PASSWORD_HASH = 4_000;
/** Rows assumed for lists without paging (an operator's integrations, operator tokens, a session's events). */
const UNPAGED_ROWS = 50;

/**
 * What a field costs beyond its own point: `base` for the SQL it runs, and its selection counted
 * once per row it returns (`rows`: a page's `first`, or an assumed count). Every alias and every
 * repeat of a field is counted in full: graphql-query-complexity walks each selection node, and a
 * field's cost does not depend on its response name. Mutations not listed cost WRITE each.
 */
interface FieldCost {
  base: number;
  rows?: 'page' | number;
}

export const FIELD_COSTS: Readonly<Record<string, FieldCost>> = {
  // Three aggregate scans over every session created in the range (explorer.repository.ts): a few per
  // request are fine, hundreds are not (9 fit under MAX_QUERY_COST).
  'Query.stats': { base: 1_000 },
  // Keyset pages: one filtered scan plus one select-in per relation, rows × selection.
  'Query.sessions': { base: 5 * STATEMENT, rows: 'page' },
  'Query.webhookDeliveries': { base: 5 * STATEMENT, rows: 'page' },
  'Query.auditLog': { base: 5 * STATEMENT, rows: 'page' },
  'Query.merchantRequests': { base: 5 * STATEMENT, rows: 'page' },
  'Query.merchantRequest': { base: STATEMENT },
  'Query.integrations': { base: 2 * STATEMENT, rows: UNPAGED_ROWS },
  'Query.integration': { base: 2 * STATEMENT },
  'Query.session': { base: 2 * STATEMENT },
  'Query.sessionEvents': { base: 3 * STATEMENT, rows: UNPAGED_ROWS },
  'Query.paySession': { base: 3 * STATEMENT },
  // An open group's join page: the session with its merchant, and its claims counted.
  'Query.openGroupInvitation': { base: 2 * STATEMENT },
  'Query.sessionStatus': { base: STATEMENT },
  'Query.operatorTokens': { base: STATEMENT, rows: UNPAGED_ROWS },
  'Query.me': { base: STATEMENT },
  // Per row of a page: one statement each (refunds owed, an integration's keys), or a share of a
  // batch the DataLoaders make once per page (payments, events with deliveries and attempts).
  'SessionView.refundsOwed': { base: STATEMENT },
  'SessionView.payments': { base: 2 },
  'SessionView.integrationName': { base: 2 },
  'SessionView.events': { base: 3 },
  // An integration has a few keys (rotation keeps two or three alive, revoked ones stay listed).
  'IntegrationView.apiKeys': { base: STATEMENT, rows: 10 },
  'Mutation.login': { base: PASSWORD_HASH },
  'Mutation.registerAccount': { base: PASSWORD_HASH },
  'Mutation.changePassword': { base: 2 * PASSWORD_HASH },
  'Mutation.logout': { base: STATEMENT },
};

function pageRows(first: unknown): number {
  const size = typeof first === 'number' && Number.isFinite(first) ? Math.trunc(first) : 50;
  // Outside 1..100 the resolver refuses the page; until then count it as the largest allowed.
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : MAX_PAGE_SIZE;
}

/** FIELD_COSTS as an estimator; fields it does not list fall through to one point plus their selection. */
export const sqlCostEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const cost = FIELD_COSTS[`${type.name}.${field.name}`] ?? (type.name === 'Mutation' ? { base: WRITE } : undefined);
  if (!cost) return undefined;
  const rows = cost.rows === 'page' ? pageRows(args.first) : (cost.rows ?? 1);
  return 1 + cost.base + rows * childComplexity;
};

// graphql-query-complexity gives up above this many selection nodes (fragments counted each time
// they are spread) and throws this message.
const TOO_MANY_NODES = /maximum allowed number of nodes/i;

/** The estimated cost of the operation that will run; undefined when its variables do not fit their types. */
export function estimateCost(
  schema: GraphQLSchema,
  request: { query: DocumentNode; operationName?: string | null; variables?: Record<string, unknown> },
): number | undefined {
  try {
    return getComplexity({
      schema,
      query: request.query,
      operationName: request.operationName ?? undefined,
      variables: request.variables,
      estimators: [sqlCostEstimator, simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch (error) {
    // Padding an operation past the node limit must not skip the limit: refuse it as too costly.
    if (error instanceof Error && TOO_MANY_NODES.test(error.message)) return Number.POSITIVE_INFINITY;
    // Variables that do not fit their types: execution refuses the whole operation next, with the
    // field named, before any resolver runs.
    if (variablesRefused(schema, request)) return undefined;
    // Anything else fails closed. Variables that coerce can still break one field's arguments (a
    // nullable variable with a default, sent as null, in a non-null position): execution would
    // refuse only that field and run the rest, uncosted.
    throw graphQLRefusal(
      new AppError(
        ErrorCode.ValidationError,
        `The query's arguments cannot be costed: ${error instanceof Error ? inputErrorMessage(error) : 'they do not fit their types'}`,
      ),
    );
  }
}

/** True when execution will refuse the whole operation for its variables (or find no operation to run). */
function variablesRefused(
  schema: GraphQLSchema,
  request: { query: DocumentNode; operationName?: string | null; variables?: Record<string, unknown> },
): boolean {
  const operation = getOperationAST(request.query, request.operationName);
  if (!operation) return true;
  return getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {}).errors !== undefined;
}

export const depthLimitRule: ValidationRule = maxDepthRule({
  n: MAX_QUERY_DEPTH,
  exposeLimits: true,
  ignoreIntrospection: false,
  flattenFragments: true,
  // Reported as a validation error (VALIDATION_ERROR, 400) rather than thrown (which would be a 500).
  propagateOnRejection: false,
  onReject: [(context, error) => context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')))],
}) as unknown as ValidationRule;

/** The refusal of an operation estimated above MAX_QUERY_COST, on /graphql and on the socket alike. */
export function costRefusal(cost: number | undefined): GraphQLError | undefined {
  if (cost === undefined || cost <= MAX_QUERY_COST) return undefined;
  const shown = Number.isFinite(cost) ? `${cost} points` : 'more points than can be counted';
  return graphQLRefusal(
    new AppError(
      ErrorCode.ValidationError,
      `The query costs ${shown}; the limit is ${MAX_QUERY_COST}. Ask for fewer fields or smaller pages.`,
    ),
  );
}

export interface CostedRequest {
  query: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown>;
  /** The caller has already coerced the variables without errors (no need to check them again). */
  variablesCoerced?: boolean;
}

/**
 * Before any resolver (and so before any SQL): refuses an operation whose estimated cost exceeds
 * MAX_QUERY_COST, then charges the cost to the admin-area account or operator token making it
 * (RateLimits.chargeQueryCost), which refuses it with RATE_LIMIT_EXCEEDED once the budget is spent.
 * Refusals are GraphQLErrors carrying their code and HTTP status. One check for Apollo's requests
 * (costLimitPlugin) and compiled trusted documents (compiled-documents.ts).
 */
export function operationCostCheck(
  schema: GraphQLSchema,
  options: {
    /** Runs first and may refuse the operation; only an admitted operation is costed and charged. */
    admit?: (contextValue: RequestContext) => Promise<void>;
  } = {},
): (request: CostedRequest, contextValue: RequestContext) => Promise<void> {
  const knownCosts = new OperationCostCache();
  // A remembered cost still needs variables that fit: otherwise execution refuses the operation and nothing is charged.
  const costOf = (request: CostedRequest) => {
    const known = knownCosts.get(request.query, request.operationName, request.variables);
    if (known !== undefined) return !request.variablesCoerced && variablesRefused(schema, request) ? undefined : known;
    const cost = estimateCost(schema, request);
    if (cost !== undefined) knownCosts.set(request.query, request.operationName, request.variables, cost);
    return cost;
  };
  return async (request, contextValue) => {
    await options.admit?.(contextValue);
    const cost = costOf(request);
    if (cost === undefined) return;
    const refusal = costRefusal(cost);
    if (refusal) throw refusal;
    try {
      await contextValue.chargeQueryCost(cost);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Thrown here rather than by a resolver: carried as a GraphQLError with the code, the wait and the status.
      throw graphQLRefusal(error);
    }
  };
}

/**
 * A subscription sent over HTTP: graphql-js would run its field without the event it resolves
 * from. Subscriptions are served on the WebSocket only (docs/architecture.md, "Live updates").
 */
function subscriptionOverHttp(): GraphQLError {
  return graphQLRefusal(
    new AppError(
      ErrorCode.ValidationError,
      'Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP',
    ),
  );
}

/** operationCostCheck for Apollo's requests, once their operation is known; subscriptions refused (HTTP only carries queries and mutations). */
export function costLimitPlugin(
  schema: GraphQLSchema,
  options: { admit?: (contextValue: RequestContext) => Promise<void> } = {},
): ApolloServerPlugin<RequestContext> {
  const check = operationCostCheck(schema, options);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, contextValue }) {
          // One hook, in order: Apollo runs the plugins' hooks at once, so a separate admission
          // plugin could refuse an operation this one had already charged.
          if (operation?.operation === 'subscription') throw subscriptionOverHttp();
          await check({ query: document, operationName: request.operationName, variables: request.variables }, contextValue);
        },
      };
    },
  };
}
