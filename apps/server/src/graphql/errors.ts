import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, ERROR_CLASSES, ErrorCode, type ErrorDetail, isErrorCode, isServerFault } from '@paysplit/domain';
import type { Response } from 'express';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { RequestContext } from './context.js';
import { inputErrorMessage } from './input-errors.js';
import { retryAfterSecondsOf } from './retry-after.js';
import { scrubSecrets } from '../logger.js';

// PostgreSQL and socket failures that mean "the database is not reachable right now", or too busy
// to answer in time: a statement cut off by statement_timeout (57014), typically while it waited for
// a row lock others held, is worth retrying shortly, not a fault of ours to report as internal.
const UNAVAILABLE_CODES = new Set([
  '57014',
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

/**
 * The AppError a GraphQL error stands for, on every transport (Apollo, REST's in-process
 * execution, graphql-ws). What a resolver threw is classified as thrown; a request-level error
 * (syntax, validation, variables that do not fit their types: Apollo's input codes, or without a
 * path and a code when graphql-js is called directly) is the client's VALIDATION_ERROR, its
 * message without the values sent (input-errors.ts); a code one of our plugins set is kept.
 */
export function classifyGraphQLError(error: GraphQLError): AppError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) return original;
  const code = error.extensions?.code;
  // An automatic persisted query (a hash in extensions.persistedQuery): we do not store documents
  // clients send, so say what to send instead (Apollo's own message is a bare code).
  if (code === 'PERSISTED_QUERY_NOT_SUPPORTED') {
    return new AppError(
      ErrorCode.ValidationError,
      'Automatic persisted queries are not supported: send the query text, or the documentId of a trusted document, without extensions.persistedQuery',
    );
  }
  const requestLevel =
    (typeof code === 'string' && GRAPHQL_INPUT_CODES.has(code)) ||
    (code === undefined && error.path === undefined && (!error.originalError || error.originalError instanceof GraphQLError));
  if (requestLevel) return new AppError(ErrorCode.ValidationError, inputErrorMessage(error));
  if (isErrorCode(code)) return new AppError(code, error.message);
  return classifyError(original);
}

/** Every GraphQL error carries `extensions.code` from the decisions' list, and nothing internal. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  if (!(error instanceof GraphQLError)) {
    const appError = classifyError(unwrapResolverError(error));
    return { message: appError.message, path: formatted.path, locations: formatted.locations, extensions: { code: appError.code } };
  }
  const appError = classifyGraphQLError(error);
  const extensions: { code: string; details?: readonly ErrorDetail[]; retryAfterSeconds?: number } = { code: appError.code };
  // Messages may quote what the client sent; a value shaped like one of our secrets never goes back.
  if (appError.details?.length) {
    extensions.details = appError.details.map((detail) => ({ path: scrubSecrets(detail.path), message: scrubSecrets(detail.message) }));
  }
  if (appError.retryAfterSeconds !== undefined) extensions.retryAfterSeconds = appError.retryAfterSeconds;
  // Plugins' refusals (depth, cost, trusted documents) may carry more of their own: kept.
  const extra = isErrorCode(error.extensions?.code) && !(unwrapResolverError(error) instanceof AppError) ? formatted.extensions : undefined;
  return {
    message: scrubSecrets(appError.message),
    path: formatted.path,
    locations: formatted.locations,
    extensions: { ...extra, ...extensions },
  };
}

/**
 * Logs what a GraphQL request ran into, at the level the error table gives its code: faults of
 * ours at `error` with their cause (which never reaches the reply); a client's mistakes
 * (validation, auth, not found, limits) at `debug`, one line each, code and value-free message
 * only, no stack. Apollo's requests (errorLoggingPlugin) and compiled trusted documents alike.
 */
export function logOperationErrors(
  errors: readonly GraphQLError[],
  contextValue: Pick<RequestContext, 'logger'>,
  operationName: string | null | undefined,
): void {
  for (const error of errors) {
    const classified = classifyGraphQLError(error);
    if (isServerFault(classified.code)) {
      contextValue.logger.error({ err: unwrapResolverError(error), path: error.path, code: classified.code }, 'GraphQL operation failed');
    } else if (contextValue.logger.isLevelEnabled('debug')) {
      contextValue.logger.debug(
        { code: classified.code, path: error.path, operationName, reason: classified.message },
        'GraphQL request refused',
      );
    }
  }
}

export const errorLoggingPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue, operationName }) {
        logOperationErrors(errors, contextValue, operationName);
      },
    };
  },
};

/**
 * Errors as Apollo answers them, for the requests that do not go through Apollo (compiled trusted
 * documents, graphql/compiled-documents.ts): `extensions.http` taken out and returned as the
 * status it asks for, a missing code filled in, then formatGraphQLError.
 */
export function formatExecutionErrors(errors: readonly GraphQLError[]): { formatted: GraphQLFormattedError[]; status?: number } {
  let status: number | undefined;
  const formatted = errors.map((error) => {
    const { http, ...rest } = error.extensions ?? {};
    const askedStatus = (http as { status?: unknown } | undefined)?.status;
    if (typeof askedStatus === 'number') status = askedStatus;
    const extensions = { ...rest, code: rest.code ?? 'INTERNAL_SERVER_ERROR' };
    return formatGraphQLError({ ...error.toJSON(), extensions }, error);
  });
  return { formatted, status };
}

/**
 * A refusal made before any resolver runs (a document over the limits, a credential that is not
 * one, a spent budget), as Apollo and sendGraphQLReply both answer it: the code, the error's own
 * wait, and the status the error table gives the code.
 */
export function graphQLRefusal(error: AppError): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: {
      code: error.code,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
      http: { status: ERROR_CLASSES[error.code].status },
    },
  });
}

/**
 * The one writer of a GraphQL reply Apollo does not write itself: refusals before Apollo sees
 * the request, and compiled trusted documents (compiled-documents.ts). The errors are
 * formatted as Apollo formats them; the status is the one they ask for, else `status`; Retry-After
 * is the longest wait they ask for (their own, or the error table's for their code). With a
 * `contentType` the body is Apollo's own bytes (`{errors, data}` and a newline, as a compiled
 * document must answer exactly as Apollo would); without, Express's JSON of `{errors}`, as
 * refusals before Apollo have always been answered.
 */
export function sendGraphQLReply(
  res: Response,
  errors: readonly GraphQLError[] | undefined,
  options: { status: number; contentType?: string; data?: unknown },
): void {
  const { formatted, status } = errors?.length ? formatExecutionErrors(errors) : { formatted: undefined, status: undefined };
  const retryAfter = retryAfterSecondsOf(formatted);
  if (retryAfter > 0) res.setHeader('retry-after', String(retryAfter));
  if (options.contentType === undefined) {
    res.status(status ?? options.status).json({ errors: formatted });
    return;
  }
  res.setHeader('content-type', options.contentType);
  res.status(status ?? options.status);
  res.end(`${JSON.stringify({ errors: formatted, data: options.data })}\n`);
}

/** Answers a /graphql request refused before Apollo sees it: 400 unless its errors ask for another status. */
export function sendRequestRefusal(res: Response, errors: readonly GraphQLError[]): void {
  sendGraphQLReply(res, errors, { status: 400 });
}
