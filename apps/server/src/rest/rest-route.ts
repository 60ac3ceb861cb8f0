import { AppError, ErrorCode, type ErrorDetail, isServerFault } from '@paysplit/domain';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { type DocumentNode, execute, type ExecutionResult, getOperationAST, type GraphQLSchema, validate } from 'graphql';
import type { z } from 'zod';
import { coerceVariables, compileTakingCoercedVariables } from '../graphql/coerced-variables.js';
import type { RequestContext } from '../graphql/context.js';
import { classifyError, classifyGraphQLError } from '../graphql/errors.js';
import { countAgainst, declaredLimit } from '../graphql/rate-limited.js';
import { classifyRequestError } from '../http/body-errors.js';
import { sendError } from './error-response.js';
import { parseJsonBody } from './json-body.js';
import { callerOfRefusal, MerchantRequestRecording, type RecordMerchantRequest } from './merchant-request.js';

/**
 * One REST endpoint of the spec: how HTTP maps to a named GraphQL operation and back.
 * Auth, validation and rules live behind the operation; a route only translates.
 */
export interface RestRoute<Body = unknown, Data = unknown> {
  readonly method: 'get' | 'post';
  /** The canonical path first, then aliases with the same behaviour. */
  readonly paths: readonly string[];
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly auth: 'apiKey' | 'none';
  /** Wire schema of the JSON body: validates it and documents it in the OpenAPI document. */
  readonly body?: z.ZodType<Body>;
  /** Which error code a body problem at a given field path gets (default VALIDATION_ERROR). */
  readonly bodyErrorCode?: (path: readonly PropertyKey[]) => ErrorCode;
  readonly operation: DocumentNode;
  readonly headers?: readonly { name: string; description: string }[];
  readonly query?: readonly { name: string; description: string; required: boolean }[];
  /** Sent with every reply of this route, errors included. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  variables(body: Body, req: Request): Record<string, unknown>;
  respond(data: Data): unknown;
  readonly responses: { readonly success: z.ZodType; readonly errorCodes: readonly ErrorCode[] };
}

export interface RestDeps {
  /** The one schema; REST runs its fixed operations on it directly (validated once, at mount). */
  schema: GraphQLSchema;
  createContext(req: Request, res: Response, transport: 'rest' | 'graphql'): RequestContext;
  maxBodyBytes: number;
  /** Where the API-key routes' requests go as they end (the request log); absent, they are not recorded. */
  recordRequest?: RecordMerchantRequest;
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

export function mountRestRoute<Body, Data>(router: Router, route: RestRoute<Body, Data>, deps: RestDeps): void {
  // A route's operation is fixed: validate it once here and execute it per request with
  // graphql-js, without the HTTP-facing pipeline of Apollo (query hashing, document cache,
  // depth and cost estimation), which exists for documents sent by clients.
  const problems = validate(deps.schema, route.operation);
  if (problems.length > 0)
    throw new Error(`REST route ${route.operationId}: invalid operation: ${problems.map((p) => p.message).join('; ')}`);
  // The operation's own limit, counted here before the body is read (a refused call costs no parsing).
  const limit = declaredLimit(deps.schema, route.operation);
  // Before the body there are no arguments from it: a key must not need them on a route with a body.
  if (limit && route.body && limit.declaration.key.length > 1)
    throw new Error(`REST route ${route.operationId}: its limit is keyed by arguments, which arrive in the body`);
  const run = operationRunner(deps.schema, route);
  const handler = async (req: Request, res: Response, recording: MerchantRequestRecording | undefined): Promise<void> => {
    const context = deps.createContext(req, res, 'rest');
    const requestId = context.requestId;
    for (const [name, value] of Object.entries(route.responseHeaders ?? {})) res.setHeader(name, value);
    const refuse = (appError: AppError): void => {
      const body = sendError(res, requestId, appError);
      recording?.answered(res.statusCode, appError.code, body);
    };
    try {
      // API-key endpoints are server-to-server: no CORS, and the key is checked before the body.
      if (route.auth === 'apiKey') {
        const merchant = await context.requireMerchant().catch((error: unknown) => {
          if (recording) recording.caller = callerOfRefusal(error);
          throw error;
        });
        if (recording) recording.caller = merchant;
      }
      // Without a body the variables are known now; they are the operation's too.
      let variables = route.body ? undefined : route.variables(undefined as Body, req);
      if (limit) {
        await countAgainst(limit.declaration, context, variables ? limit.argsOf(variables) : {});
        context.limitCounted = true;
      }
      variables ??= route.variables(parseBody(route, req), req);
      const { data, errors } = await run(context, variables);
      if (errors?.length) {
        // Classified as on /graphql: a resolver's error as thrown, variables that do not fit their
        // types as VALIDATION_ERROR without the values sent.
        const appError = classifyGraphQLError(errors[0]!);
        if (isServerFault(appError.code)) {
          context.logger.error({ err: errors[0]!.originalError ?? errors[0], code: appError.code }, 'REST operation failed');
        }
        refuse(appError);
        return;
      }
      const reply = route.respond(data as Data);
      // Serialised once, for the answer and for the request log (what res.json would write).
      const replyJson = JSON.stringify(reply);
      res.status(200).type('application/json').send(replyJson);
      recording?.answered(200, null, reply, replyJson);
    } catch (error) {
      const appError = classifyError(error);
      refuse(appError);
      if (isServerFault(appError.code)) context.logger.error({ err: error, code: appError.code }, 'REST handler failed');
    }
  };
  // Bodies are read raw so the JSON parser can keep amounts exact (see json-body.ts).
  const readBody = express.raw({ type: () => true, limit: deps.maxBodyBytes });
  // Each request of an API-key route is recorded as it ends, whoever answers it (the request log).
  const record = route.auth === 'apiKey' ? deps.recordRequest : undefined;
  for (const path of route.paths) {
    router[route.method](path, (req: Request, res: Response, next: NextFunction) => {
      const recording = record && new MerchantRequestRecording(req, record).watch(res);
      readBody(req, res, (error?: unknown) => {
        if (!error) handler(req, res, recording).catch(next);
        else if (recording) refuseUnreadBody(req, res, error, recording).catch(next);
        else next(error);
      });
    });
  }

  /**
   * A body that could not be read, refused as the app's last handler refuses it; the key is looked
   * up first (its answer changes nothing) so the log can say whose request it was.
   */
  async function refuseUnreadBody(req: Request, res: Response, error: unknown, recording: MerchantRequestRecording): Promise<void> {
    const appError = classifyRequestError(error, { maxBodyBytes: deps.maxBodyBytes });
    if (!appError) throw error;
    recording.caller = await deps
      .createContext(req, res, 'rest')
      .requireMerchant()
      .catch((refusal: unknown) => callerOfRefusal(refusal));
    const body = sendError(res, req.requestId, appError);
    recording.answered(res.statusCode, appError.code, body);
  }
}

/**
 * How a route runs its operation. A read (the status poll, GET session: the busiest routes) is
 * compiled once at mount, as the pay app's trusted documents are (graphql/compiled-documents.ts):
 * its variables coerced by graphql-js, with graphql-js's refusals, then a function that runs the
 * schema's own resolvers without walking the document on every request. Writes run through
 * graphql-js's execute, which runs mutation fields one after another as the spec requires.
 */
function operationRunner(
  schema: GraphQLSchema,
  route: Pick<RestRoute, 'operation' | 'operationId'>,
): (contextValue: RequestContext, variables: Record<string, unknown>) => Promise<ExecutionResult> {
  const operation = getOperationAST(route.operation);
  const compiled = operation?.operation === 'query' ? compileTakingCoercedVariables(schema, route.operation, operation) : undefined;
  if (!operation || !compiled) {
    return async (contextValue, variableValues) => execute({ schema, document: route.operation, variableValues, contextValue });
  }
  if ('problems' in compiled) {
    throw new Error(`REST route ${route.operationId}: cannot compile: ${compiled.problems.map((p) => p.message).join('; ')}`);
  }
  return async (contextValue, variables) => {
    const coerced = coerceVariables(schema, operation, variables);
    if (coerced.errors) return { errors: coerced.errors };
    return compiled.query(undefined, contextValue, coerced.coerced);
  };
}

function parseBody<Body>(route: RestRoute<Body>, req: Request): Body {
  const contentType = req.headers['content-type'];
  if (!contentType || !JSON_CONTENT_TYPE.test(contentType)) {
    throw new AppError(ErrorCode.UnsupportedMediaType, 'Send the body as JSON with Content-Type: application/json');
  }
  const raw: unknown = req.body;
  const json = parseJsonBody(Buffer.isBuffer(raw) ? raw : Buffer.alloc(0));
  const parsed = route.body!.safeParse(json);
  if (parsed.success) return parsed.data;
  const details: ErrorDetail[] = parsed.error.issues.map((issue) => ({
    path: formatPath(issue.path) || '(body)',
    message: issue.message,
  }));
  const codes = parsed.error.issues.map((issue) => route.bodyErrorCode?.(issue.path) ?? ErrorCode.ValidationError);
  const code = codes.find((candidate) => candidate !== ErrorCode.ValidationError) ?? ErrorCode.ValidationError;
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  throw new AppError(code, `${first.path === '(body)' ? '' : `${first.path}: `}${first.message}${more}`, details);
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
}
