import type { Request, RequestHandler, Response } from 'express';
import {
  type DocumentNode,
  type ExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
  type ValidationRule,
} from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import { coerceVariables, compileTakingCoercedVariables } from './coerced-variables.js';
import type { RequestContext } from './context.js';
import { logOperationErrors, sendGraphQLReply } from './errors.js';
import type { CostedRequest } from './query-limits.js';
import type { TrustedDocuments } from './trusted-documents.js';

interface CompiledDocument {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | undefined;
  compiled: CompiledQuery;
}

/** What Apollo answers JSON with, by the client's Accept (Apollo's chooseContentTypeForSingleResultResponse). */
const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';
const ACCEPTABLE_TYPES = [JSON_TYPE, GRAPHQL_RESPONSE_TYPE, 'application/json; callbackSpec=1.0; charset=utf-8'];

export interface CompiledDocumentsOptions {
  schema: GraphQLSchema;
  documents: TrustedDocuments;
  /** The rules Apollo validates sent documents with beyond graphql's own (the depth limit). */
  validationRules: readonly ValidationRule[];
  /** The cost limit and charge Apollo's requests pass (query-limits.ts operationCostCheck). */
  checkCost: (request: CostedRequest, contextValue: RequestContext) => Promise<void>;
  createContext: (req: Request, res: Response) => RequestContext;
  /** Told once per document that cannot be compiled (it then runs through Apollo as before). */
  onSkipped?: (documentId: string, reason: string) => void;
  /** Told each time a request runs compiled. */
  onRun?: () => void;
}

/**
 * The pay app's and the administration area's own queries are known when the server starts (their
 * trusted documents): each is parsed, validated and compiled to a function once (graphql-jit),
 * and a request naming one by documentId runs that function with the request's context, without
 * Apollo's per-request pipeline (hashing the text, the document store, plugin hooks). What Apollo
 * does for such a request is kept, in the same order, with the same code: variables coerced once,
 * by graphql-js (the same refusals), and run as coerced (coerced-variables.ts), the cost limit and
 * charge, errors logged and formatted as Apollo formats them, the status they ask for,
 * Retry-After, and Apollo's JSON. The resolvers
 * are the schema's own (type-graphql's, with the id checks and the declared limits around them).
 * Mutations, subscriptions, documents sent as text and anything unusual in the request (another
 * operationName, extensions, variables that are not an object, an Accept only Apollo can answer)
 * go on to Apollo unchanged.
 */
export class CompiledDocuments {
  private readonly byId = new Map<string, CompiledDocument>();

  constructor(private readonly options: CompiledDocumentsOptions) {
    const rules = [...specifiedRules, ...options.validationRules];
    for (const [documentId, text] of options.documents.entries()) {
      const skip = (reason: string) => options.onSkipped?.(documentId, reason);
      let document: DocumentNode;
      try {
        document = parse(text);
      } catch (error) {
        skip(error instanceof Error ? error.message : 'does not parse');
        continue;
      }
      const operation = getOperationAST(document);
      // Only reads: writes are few and stay on the path every other client takes.
      if (!operation || operation.operation !== 'query') continue;
      const problems = validate(options.schema, document, rules);
      if (problems.length > 0) {
        skip(problems.map((problem) => problem.message).join('; '));
        continue;
      }
      // Its variables arrive coerced by graphql-js (run below): compiled to take them as they are.
      const compiled = compileTakingCoercedVariables(options.schema, document, operation);
      if ('problems' in compiled) {
        skip(compiled.problems.map((error) => error.message).join('; ') || 'could not be compiled');
        continue;
      }
      this.byId.set(documentId, { document, operation, operationName: operation.name?.value, compiled });
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /** After trustedDocumentsMiddleware: runs a compiled document, or passes the request on to Apollo. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      // Only a POST whose JSON body named a trusted document has an entry (and a body: GET and
      // non-JSON requests have none).
      const entry = res.locals.trustedDocument === true ? this.byId.get(res.locals.trustedDocumentId as string) : undefined;
      if (!entry) {
        next();
        return;
      }
      const contentType = this.contentTypeFor(req);
      const body = req.body as { operationName?: unknown; variables?: unknown; extensions?: unknown };
      const variables = body.variables ?? undefined;
      if (
        !contentType ||
        (body.operationName != null && body.operationName !== entry.operationName) ||
        body.extensions != null ||
        (variables !== undefined && (typeof variables !== 'object' || Array.isArray(variables)))
      ) {
        next();
        return;
      }
      let contextValue: RequestContext;
      try {
        contextValue = this.options.createContext(req, res);
      } catch {
        // Apollo answers a context that cannot be made in its own way: let it.
        next();
        return;
      }
      this.run(entry, variables as Record<string, unknown> | undefined, contentType, contextValue, res).catch((error: unknown) =>
        next(error),
      );
    };
  }

  private contentTypeFor(req: Request): string | undefined {
    if (req.headers.accept === undefined || req.headers.accept === '') return JSON_TYPE;
    const preferred = req.accepts(ACCEPTABLE_TYPES);
    return preferred === JSON_TYPE || preferred === GRAPHQL_RESPONSE_TYPE ? preferred : undefined;
  }

  private async run(
    entry: CompiledDocument,
    variables: Record<string, unknown> | undefined,
    contentType: string,
    contextValue: RequestContext,
    res: Response,
  ): Promise<void> {
    this.options.onRun?.();
    const send = (result: ExecutionResult, status = 200): void => {
      if (result.errors?.length) logOperationErrors(result.errors, contextValue, entry.operationName);
      sendGraphQLReply(res, result.errors, { status, contentType, data: result.data });
    };
    // Variables that do not fit their types: refused before anything is costed or run, with
    // graphql-js's own messages and Apollo's 400, as a document sent to Apollo would be.
    // At most 50 errors, as graphql-js's execute asks for (a list of 5,000 bad values is not 5,000 errors).
    const coerced = coerceVariables(this.options.schema, entry.operation, variables);
    if (coerced.errors) {
      send({ errors: coerced.errors.map((error) => withCode(error, 'BAD_USER_INPUT')) }, 400);
      return;
    }
    let result: ExecutionResult;
    try {
      await this.options.checkCost(
        { query: entry.document, operationName: entry.operationName, variables, variablesCoerced: true },
        contextValue,
      );
      result = await entry.compiled.query(undefined, contextValue, coerced.coerced);
    } catch (error) {
      // A refusal before execution (or a failure outside every resolver): Apollo answers it alone,
      // with the status it carries (formatExecutionErrors), else 500.
      send({ errors: [asGraphQLError(error)] }, 500);
      return;
    }
    send(result);
  }
}

/** As Apollo's ensureGraphQLError: the message kept (it classifies unavailable databases), the cause attached. */
function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof Error) return new GraphQLError(error.message, { originalError: error });
  return new GraphQLError(`Unexpected error value: ${String(error)}`);
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}
