import { AppError, ErrorCode } from '@paysplit/domain';
import type { RequestHandler } from 'express';
import { type DocumentNode, GraphQLError, Lexer, parse, Source, TokenKind } from 'graphql';
import { graphQLRefusal, sendRequestRefusal } from './errors.js';

/**
 * The most tokens a document sent by a client may have. The largest of our own (the standard
 * introspection query, the admin area's session page) have under 200; parsing and validating
 * grow with the count (100 KiB of fields took a quarter of a second to validate), all before the
 * cost limit can look at the operation.
 */
export const MAX_DOCUMENT_TOKENS = 2_000;
/**
 * The deepest nesting of `{`, `[` and `(` a document may have. graphql-js parses (and its rules
 * and the depth limit walk) a document recursively, so thousands of nested selections or list
 * values overflow the stack; ours nest at most 10 deep (the introspection query's types).
 */
export const MAX_DOCUMENT_NESTING = 32;

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** A document refused for what it is (too large, not ours): the client's VALIDATION_ERROR. */
export function documentRefusal(message: string): GraphQLError {
  return graphQLRefusal(new AppError(ErrorCode.ValidationError, message));
}

/**
 * Why a document's text is refused before it is parsed (too many tokens, nested too deep), or
 * undefined. Walks the tokens once, without recursion, and stops at the first bound crossed. A
 * syntax error is left to parse, which meets it at the same token.
 */
export function documentTextRefusal(text: string): GraphQLError | undefined {
  const lexer = new Lexer(new Source(text));
  let tokens = 0;
  let depth = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > MAX_DOCUMENT_TOKENS) {
        return documentRefusal(`The document has more than ${MAX_DOCUMENT_TOKENS} tokens; send a smaller one`);
      }
      if (OPENING.has(token.kind) && ++depth > MAX_DOCUMENT_NESTING) {
        return documentRefusal(`The document nests more than ${MAX_DOCUMENT_NESTING} levels of braces, brackets or parentheses`);
      }
      if (CLOSING.has(token.kind)) depth -= 1;
    }
  } catch (error) {
    if (error instanceof GraphQLError) return undefined;
    throw error;
  }
  return undefined;
}

/** Parses a client's document within the bounds above; throws the refusal or graphql-js's syntax error. */
export function parseWithinLimits(text: string): DocumentNode {
  const refusal = documentTextRefusal(text);
  if (refusal) throw refusal;
  return parse(text, { maxTokens: MAX_DOCUMENT_TOKENS });
}

/**
 * On /graphql before Apollo: a document the client wrote (not a trusted one, whose text is ours)
 * is checked against the bounds before Apollo parses it, in the body or, for GET, in the URL.
 */
export function documentLimitsMiddleware(): RequestHandler {
  return (req, res, next) => {
    if (res.locals.trustedDocument !== true) {
      for (const text of documentTexts(req.method, req.body, req.originalUrl)) {
        const refusal = documentTextRefusal(text);
        if (refusal) {
          sendRequestRefusal(res, [refusal]);
          return;
        }
      }
    }
    next();
  };
}

/** Where Apollo reads the document from: a POST body's `query`, or every `query` of a GET's URL. */
function documentTexts(method: string, body: unknown, url: string): string[] {
  if (method === 'POST') {
    const query = body !== null && typeof body === 'object' ? (body as { query?: unknown }).query : undefined;
    return typeof query === 'string' ? [query] : [];
  }
  const search = url.indexOf('?');
  return search === -1 ? [] : new URLSearchParams(url.slice(search)).getAll('query');
}
