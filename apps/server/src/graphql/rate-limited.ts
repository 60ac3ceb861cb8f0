import { type GraphQLSchema, Kind, type OperationDefinitionNode, type DocumentNode, type ValueNode } from 'graphql';
import { Extensions, type MiddlewareFn, UseMiddleware } from 'type-graphql';
import type { LimitName } from '../http/rate-limits.js';
import type { RequestContext } from './context.js';

/**
 * Whom one call of an operation counts against: a key of the named budget, or undefined for calls
 * the limit does not cover (an operation shared with the administration area limits only API-key calls).
 */
export type RateLimitKey = (
  context: RequestContext,
  args: Readonly<Record<string, unknown>>,
) => string | undefined | Promise<string | undefined>;

/** The limit of decisions §8 an operation counts against; lives in its field's `extensions.rateLimit`. */
export interface RateLimitDeclaration {
  readonly name: LimitName;
  readonly key: RateLimitKey;
}

/** Counts an API-key call against its integration's budget (authenticating it first, as the operation would). */
export const byIntegration: RateLimitKey = async (context) => (await context.requireMerchant()).integrationId;

/** As byIntegration for API-key calls; the administration area's calls of the same operation are not counted. */
export const byIntegrationOfApiKeyCalls: RateLimitKey = (context) => (context.hasApiKey ? byIntegration(context, {}) : undefined);

export const byClientAddress: RateLimitKey = (context) => context.clientAddress;

/**
 * Declares the limit of an operation once, whatever transport carries it: GraphQL counts it in
 * the middleware below, a REST route counts the same declaration before reading the body
 * (rest/rest-route.ts). The declaration is visible in the built schema's field extensions.
 */
export function RateLimited(name: LimitName, key: RateLimitKey): MethodDecorator {
  const declaration: RateLimitDeclaration = { name, key };
  const extensions = Extensions({ rateLimit: declaration });
  const middleware = UseMiddleware(countCall(declaration));
  return (target, property, descriptor) => {
    extensions(target, property, descriptor);
    middleware(target, property, descriptor);
  };
}

function countCall(declaration: RateLimitDeclaration): MiddlewareFn<RequestContext> {
  return async ({ context, args }, next) => {
    // A REST route has counted this call already, before reading its body.
    if (!context.limitCounted) await countAgainst(declaration, context, args);
    return next();
  };
}

export async function countAgainst(
  declaration: RateLimitDeclaration,
  context: RequestContext,
  args: Readonly<Record<string, unknown>>,
): Promise<void> {
  // Most keys are at hand (the poll's): no extra turn of the event loop for them.
  const pending = declaration.key(context, args);
  const key = pending instanceof Promise ? await pending : pending;
  if (key !== undefined) await context.limit(declaration.name, key);
}

/**
 * The limit a fixed operation's root field declares, with how to read the field's arguments from
 * the operation's variables (worked out once, so a call only copies a few values).
 */
export function declaredLimit(
  schema: GraphQLSchema,
  document: DocumentNode,
): { declaration: RateLimitDeclaration; argsOf(variables: Readonly<Record<string, unknown>>): Record<string, unknown> } | undefined {
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const rootType = operation?.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const limited = (operation?.selectionSet.selections ?? []).flatMap((selection) => {
    if (selection.kind !== Kind.FIELD) return [];
    const declaration = rootType?.getFields()[selection.name.value]?.extensions.rateLimit as RateLimitDeclaration | undefined;
    return declaration ? [{ declaration, args: selection.arguments ?? [] }] : [];
  });
  if (limited.length > 1) throw new Error('An operation run by a REST route may select one rate-limited root field');
  const [field] = limited;
  if (!field) return undefined;
  const sources = field.args.map((arg) => ({ name: arg.name.value, value: arg.value }));
  return {
    declaration: field.declaration,
    argsOf: (variables) => Object.fromEntries(sources.map(({ name, value }) => [name, valueOf(value, variables)])),
  };
}

/** A plain value of an argument: a variable's value, or a scalar written into the document. */
function valueOf(value: ValueNode, variables: Readonly<Record<string, unknown>>): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      return variables[value.name.value];
    case Kind.STRING:
    case Kind.ENUM:
      return value.value;
    default:
      return undefined;
  }
}
