import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { RequestContext } from './context.js';
import { documentRefusal } from './document-limits.js';
import { classifyError, graphQLRefusal, logOperationErrors, sendRequestRefusal } from './errors.js';

/** The pay app's build writes this beside its assets (apps/pay/vite.config.ts). */
export const TRUSTED_DOCUMENTS_FILE = 'trusted-documents.json';

/**
 * The documents the pay app and the administration area were built with, by id (`sha256:<hex>`
 * of the document, made by GraphQL codegen). A browser sends `{ documentId, variables }`; the
 * server runs the stored text, never text from the request.
 */
export class TrustedDocuments {
  private constructor(private readonly byId: ReadonlyMap<string, string>) {}

  /** Reads the list from the built pay app; when `required`, a missing list stops the boot. */
  static load(payAppDir: string, required: boolean): TrustedDocuments {
    const file = path.join(payAppDir, TRUSTED_DOCUMENTS_FILE);
    if (!existsSync(file)) {
      if (required) {
        throw new Error(
          `${file} is missing: build the pay app (npm run build) or set GRAPHQL_TRUSTED_DOCUMENTS_ONLY=off to accept any document`,
        );
      }
      return new TrustedDocuments(new Map());
    }
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return new TrustedDocuments(new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
  }

  get size(): number {
    return this.byId.size;
  }

  /** The id of the document that defines the named operation (the bench sends what the pay app sends). */
  idOf(operationName: string): string | undefined {
    const defines = new RegExp(`\\b(?:query|mutation|subscription) ${operationName}\\b`);
    return [...this.byId].find(([, text]) => defines.test(text))?.[0];
  }

  find(documentId: unknown): string | undefined {
    return typeof documentId === 'string' ? this.byId.get(documentId) : undefined;
  }

  /** Every document, by id. */
  entries(): IterableIterator<[string, string]> {
    return this.byId.entries();
  }
}

export interface TrustedDocumentPolicy {
  documents: TrustedDocuments;
  /** Only trusted documents from callers without an API key or operator token (production). */
  enforce: boolean;
}

/** Whether the request claims a credential that may run its own documents (checked for real later). */
export function claimsOwnDocuments(headers: { apiKey?: string; authorization?: string }): boolean {
  return headers.apiKey !== undefined || /^Bearer\s+\S+$/i.test(headers.authorization ?? '');
}

const UNKNOWN_DOCUMENT = 'Unknown documentId: this page is older than the server; reload it';
const OWN_DOCUMENTS_REFUSED =
  "Only the pay app's and the administration area's own operations are accepted here (send their documentId); " +
  'API-key and operator-token callers may send their own documents';

/**
 * On /graphql, after the JSON body is parsed and before Apollo: swaps a `documentId` for its stored
 * text, and when enforcing, refuses document text from callers without a credential, before any
 * parsing. `res.locals.trustedDocument` tells the context which it was.
 */
export function trustedDocumentsMiddleware(policy: TrustedDocumentPolicy): RequestHandler {
  const refuse = (res: Response, message: string): void => sendRequestRefusal(res, [documentRefusal(message)]);
  return (req, res, next) => {
    res.locals.trustedDocument = false;
    const body: unknown = req.body;
    if (req.method === 'POST' && body !== null && typeof body === 'object' && !Array.isArray(body) && 'documentId' in body) {
      const fields = body as Record<string, unknown>;
      const text = policy.documents.find(fields.documentId);
      if (text === undefined || (fields.query !== undefined && fields.query !== '')) {
        refuse(res, text === undefined ? UNKNOWN_DOCUMENT : 'Send either documentId or query, not both');
        return;
      }
      res.locals.trustedDocumentId = fields.documentId;
      fields.query = text;
      delete fields.documentId;
      res.locals.trustedDocument = true;
      next();
      return;
    }
    if (policy.enforce && !claimsOwnDocuments({ apiKey: req.get('x-service-api-key'), authorization: req.get('authorization') })) {
      refuse(res, OWN_DOCUMENTS_REFUSED);
      return;
    }
    next();
  };
}

/**
 * When enforcing, after trustedDocumentsMiddleware and before Apollo: a document that did not come
 * from the trusted list is refused before anything parses it unless the API key or operator token
 * it came with is valid (admitOwnDocument, which the cost plugin asks again). The context made for
 * the check is the one Apollo then uses (contextOfAdmitted), so the credential is looked up once.
 */
export function admitOwnDocumentsMiddleware(
  enforce: boolean,
  createContext: (req: Request, res: Response) => RequestContext,
): RequestHandler {
  return (req, res, next) => {
    if (!enforce || res.locals.trustedDocument === true) {
      next();
      return;
    }
    const contextValue = createContext(req, res);
    res.locals.admittedContext = contextValue;
    admitOwnDocument(contextValue, enforce).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof GraphQLError)) {
          next(error);
          return;
        }
        logOperationErrors([error], contextValue, undefined);
        sendRequestRefusal(res, [error]);
      },
    );
  };
}

/** The context admitOwnDocumentsMiddleware made for this request, if it made one. */
export function contextOfAdmitted(res: Response): RequestContext | undefined {
  return res.locals.admittedContext as RequestContext | undefined;
}

/**
 * When enforcing: a document that did not come from the trusted list runs only for a caller whose
 * API key or operator token is valid (a junk header does not unlock it). Called by the cost plugin
 * before it charges anything (graphql/query-limits.ts), so a refused operation costs nothing.
 */
export async function admitOwnDocument(contextValue: RequestContext, enforce: boolean): Promise<void> {
  if (!enforce || contextValue.trustedDocument) return;
  try {
    if (contextValue.hasApiKey) {
      await contextValue.requireMerchant();
      return;
    }
    if ((await contextValue.optionalAdmin())?.via === 'operator-token') return;
  } catch (error) {
    // The credential was refused (or could not be checked): say so, as the operation would.
    throw graphQLRefusal(classifyError(error));
  }
  throw documentRefusal(OWN_DOCUMENTS_REFUSED);
}

/**
 * graphql-ws: a subscription names its document by `documentId` (beside an empty `query`, which
 * the protocol requires). Returns the errors to answer with, or undefined after swapping the text in.
 */
export function resolveSubscriptionDocument(
  policy: TrustedDocumentPolicy,
  payload: { query: string; documentId?: unknown },
): readonly GraphQLError[] | undefined {
  if (payload.documentId !== undefined) {
    const text = policy.documents.find(payload.documentId);
    if (text === undefined || payload.query !== '') {
      return [new GraphQLError(text === undefined ? UNKNOWN_DOCUMENT : 'Send either documentId or query, not both')];
    }
    payload.query = text;
    return undefined;
  }
  return policy.enforce ? [new GraphQLError(OWN_DOCUMENTS_REFUSED)] : undefined;
}
