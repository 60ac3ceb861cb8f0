import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, ErrorCode, type ErrorDetail, isErrorCode } from '@paysplit/domain';
import type { GraphQLFormattedError } from 'graphql';
import type { RequestContext } from './context.js';

// PostgreSQL and socket failures that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Turns any thrown value into the AppError the transports report; unknown causes become INTERNAL_ERROR. */
export function classifyError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (
    (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection/i.test(message)
  ) {
    return new AppError(ErrorCode.ServiceUnavailable, 'The service is temporarily unavailable; retry shortly');
  }
  return new AppError(ErrorCode.InternalError, 'An internal error occurred');
}

const GRAPHQL_INPUT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** Every GraphQL error carries `extensions.code` from the decisions' list, and nothing internal. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const apolloCode = formatted.extensions?.code;
  if (!(original instanceof AppError) && typeof apolloCode === 'string' && GRAPHQL_INPUT_CODES.has(apolloCode)) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: ErrorCode.ValidationError } };
  }
  if (!(original instanceof AppError) && typeof apolloCode === 'string' && isErrorCode(apolloCode)) {
    return formatted;
  }
  const appError = classifyError(original);
  const extensions: { code: string; details?: readonly ErrorDetail[]; retryAfterSeconds?: number } = { code: appError.code };
  if (appError.details?.length) extensions.details = appError.details;
  if (appError.retryAfterSeconds !== undefined) extensions.retryAfterSeconds = appError.retryAfterSeconds;
  return { message: appError.message, path: formatted.path, locations: formatted.locations, extensions };
}

/** Logs the errors a client cannot fix (the cause stays in the log, never in the reply). */
export const errorLoggingPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          const original = unwrapResolverError(error);
          if (original instanceof AppError) continue;
          const classified = classifyError(original);
          if (classified.code === ErrorCode.InternalError || classified.code === ErrorCode.ServiceUnavailable) {
            contextValue.logger.error({ err: original, path: error.path }, 'GraphQL operation failed');
          }
        }
      },
    };
  },
};
