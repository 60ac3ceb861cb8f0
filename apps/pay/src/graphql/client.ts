import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import type { ErrorDetail } from '@paysplit/domain';

/** Codes the server sends in `extensions.code`, plus NETWORK_ERROR when no answer came at all. */
export type RequestErrorCode = string;

export const NETWORK_ERROR = 'NETWORK_ERROR';

/** A failed operation, carrying the server's error code, any per-field details and the other extensions. */
export class GraphQLRequestError extends Error {
  readonly code: RequestErrorCode;
  readonly details: readonly ErrorDetail[];
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    code: RequestErrorCode,
    message: string,
    details: readonly ErrorDetail[] = [],
    extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.code = code;
    this.details = details;
    this.extensions = extensions;
  }
}

export function errorCodeOf(error: unknown): RequestErrorCode | undefined {
  return error instanceof GraphQLRequestError ? error.code : undefined;
}

interface GraphQLResponseBody<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: Record<string, unknown> & { code?: unknown; details?: unknown } }[];
}

function readDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is ErrorDetail => typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
  );
}

/** Turns the first GraphQL error of a reply into a GraphQLRequestError. */
export function toRequestError(errors: NonNullable<GraphQLResponseBody<unknown>['errors']>): GraphQLRequestError {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : 'INTERNAL_ERROR';
  return new GraphQLRequestError(
    code,
    first?.message ?? 'The request failed',
    readDetails(first?.extensions?.details),
    first?.extensions ?? {},
  );
}

/**
 * A generated document of either codegen output (the pay page's or the admin's): its text, its
 * types and its id in the server's list of trusted documents (`__meta__.hash`, `sha256:<hex>`).
 */
export type OperationDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & {
  toString(): string;
  __meta__?: Record<string, unknown>;
};

/**
 * What goes on the wire for a document: its id when codegen gave it one (production servers
 * accept only those from browsers), else its text.
 */
export function documentPayload(document: { toString(): string; __meta__?: Record<string, unknown> }): {
  query?: string;
  documentId?: string;
} {
  const documentId = document.__meta__?.hash;
  return typeof documentId === 'string' ? { documentId } : { query: document.toString() };
}

export type VariablesArgs<V> = V extends Record<string, never> ? [] : [variables: V];

/**
 * Runs one typed operation against same-origin /graphql. The session cookie goes along
 * (`same-origin`); the JSON content type also satisfies the server's CSRF protection.
 */
export async function execute<TResult, TVariables>(
  document: OperationDocument<TResult, TVariables>,
  ...[variables]: VariablesArgs<TVariables>
): Promise<TResult> {
  return request(document, variables);
}

/** execute, with extra request headers (the admin's CSRF token). */
export async function request<TResult, TVariables>(
  document: OperationDocument<TResult, TVariables>,
  variables: TVariables | undefined,
  headers: Readonly<Record<string, string>> = {},
): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify({ ...documentPayload(document), variables }),
    });
  } catch {
    throw new GraphQLRequestError(NETWORK_ERROR, 'No connection to PaySplit');
  }
  let body: GraphQLResponseBody<TResult>;
  try {
    body = (await response.json()) as GraphQLResponseBody<TResult>;
  } catch {
    throw new GraphQLRequestError(
      response.status >= 500 ? 'SERVICE_UNAVAILABLE' : NETWORK_ERROR,
      `Unexpected reply (HTTP ${response.status})`,
    );
  }
  if (body.errors?.length) throw toRequestError(body.errors);
  if (body.data == null) throw new GraphQLRequestError('INTERNAL_ERROR', 'The reply carried no data');
  return body.data;
}
