import { type GraphQLSchema, Kind, type OperationDefinitionNode, type DocumentNode, type ValueNode } from 'graphql';
import { defaultFieldResolver, isObjectType } from 'graphql';
import { Extensions } from 'type-graphql';
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
 * Declares the limit of an operation once, whatever transport carries it: the declaration lives in
 * the field's extensions of the built schema; enforceDeclaredLimits counts it for GraphQL calls, a
 * REST route counts the same declaration before reading the body (rest/rest-route.ts).
 */
export function RateLimited(name: LimitName, key: RateLimitKey): MethodDecorator {
  const declaration: RateLimitDeclaration = { name, key };
  return Extensions({ rateLimit: declaration });
}

/**
 * Wraps every field that declares a limit so a call counts against it first, unless a REST route
 * already counted it. A plain wrapper rather than a type-graphql middleware: the REST poll, the
 * busiest call, passes straight through without the middleware chain's extra promises.
 */
export function enforceDeclaredLimits(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const declaration = field.extensions.rateLimit as RateLimitDeclaration | undefined;
      if (!declaration) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context: RequestContext, info) =>
        context.limitCounted
          ? resolve(source, args, context, info)
          : countAgainst(declaration, context, args).then(() => resolve(source, args, context, info));
    }
  }
  return schema;
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
