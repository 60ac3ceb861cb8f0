import { AppError, ERROR_CLASSES, ErrorCode, isUuid } from '@paysplit/domain';
import {
  defaultFieldResolver,
  type GraphQLArgument,
  type GraphQLField,
  GraphQLID,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
} from 'graphql';
import { Directive } from 'type-graphql';

/**
 * Every id PaySplit issues is a UUID, and an id that is not one names nothing. So each `ID`
 * argument and `ID` input field of the schema is checked here, once, before its resolver runs:
 * a malformed id answers exactly what a well-formed id that names nothing answers there, and
 * never reaches SQL (PostgreSQL answers a malformed uuid with an error, which used to surface as
 * INTERNAL_ERROR).
 *
 * What that answer is differs by argument (SESSION_NOT_FOUND, REFUND_NOT_FOUND, a field problem,
 * an empty page…), so each one declares it where it is declared, with `@UnknownIdAnswers`; the
 * schema does not build while an id lacks the declaration, so a new id cannot be added without
 * deciding, and test/malformed-ids.test.ts sends both kinds of id to every one of them.
 *
 * Why a wrapper of the resolvers that take ids rather than a UUID scalar or a type-graphql
 * global middleware: a scalar would change the published schema (clients declare `$id: ID!`)
 * and could only answer with a coercion error, not the not-found code an unknown id gets; a
 * global middleware wraps every field of every type (each scalar leaf then resolves through a
 * promise chain), which the hot paths would pay for. This touches only the fields with ids, and
 * being part of the schema it holds for every transport: /graphql, REST, graphql-ws.
 */

/**
 * Where an id filters a list: an unknown one matches nothing, so the answer is an empty page, not
 * an error. A malformed id is then replaced by NAMES_NOTHING and the list runs as for an unknown one.
 */
export const MATCHES_NOTHING = 'MATCHES_NOTHING';

export type UnknownIdAnswer = ErrorCode | typeof MATCHES_NOTHING;

/** Our ids are random (version 4) UUIDs; the nil UUID is none of them. */
const NAMES_NOTHING = '00000000-0000-0000-0000-000000000000';

/** Carries the declaration into the built schema (the argument's or input field's AST node); never printed. */
const DIRECTIVE = 'unknownIdAnswers';

/**
 * Declares, on an `ID` argument or `ID` input field, what a well-formed id that names nothing
 * answers there (the error code, or MATCHES_NOTHING for a filter); a malformed id then answers
 * the same, before the resolver runs.
 */
export function UnknownIdAnswers(answer: UnknownIdAnswer): ParameterDecorator & PropertyDecorator {
  return Directive(`@${DIRECTIVE}(answer: "${answer}")`);
}

/** What an argument or input field declared with UnknownIdAnswers, or undefined. */
export function declaredUnknownIdAnswer(definition: GraphQLArgument | GraphQLInputField): UnknownIdAnswer | undefined {
  const directive = definition.astNode?.directives?.find((node) => node.name.value === DIRECTIVE);
  const value = directive?.arguments?.find((argument) => argument.name.value === 'answer')?.value;
  return value?.kind === Kind.STRING ? (value.value as UnknownIdAnswer) : undefined;
}

function requireDeclaration(definition: GraphQLArgument | GraphQLInputField, coordinate: string): UnknownIdAnswer {
  const answer = declaredUnknownIdAnswer(definition);
  if (answer === undefined) {
    throw new Error(`${coordinate} is an ID: declare what an unknown id answers there with @UnknownIdAnswers`);
  }
  if (answer !== MATCHES_NOTHING && !(answer in ERROR_CLASSES)) {
    throw new Error(`${coordinate}: @UnknownIdAnswers(${answer}) is not an error code`);
  }
  return answer;
}

type Path = readonly (string | number)[];
/** The value with its malformed ids replaced by NAMES_NOTHING (the same value when it has none), or throws the refusal. */
type IdScreen = (value: unknown, path: Path) => unknown;

function formatPath(path: Path): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/** The refusal never repeats the value: it may be anything, a pasted secret or a megabyte. */
function refusal(code: ErrorCode, where: string): AppError {
  if (code === ErrorCode.ValidationError) {
    return new AppError(code, `${where} must be a UUID`, [{ path: where, message: 'must be a UUID' }]);
  }
  return new AppError(code, `${where} is not a valid id, so it names nothing here`);
}

function idScreen(
  type: GraphQLInputType,
  definition: GraphQLArgument | GraphQLInputField,
  coordinate: string,
  seen: ReadonlySet<string>,
): IdScreen | undefined {
  if (isNonNullType(type)) return idScreen(type.ofType, definition, coordinate, seen);
  if (isListType(type)) {
    const item = idScreen(type.ofType, definition, coordinate, seen);
    if (!item) return undefined;
    return (value, path) => {
      if (!Array.isArray(value)) return item(value, path);
      const screened = value.map((entry, index) => item(entry, [...path, index]));
      return screened.every((entry, index) => entry === value[index]) ? value : screened;
    };
  }
  if (type === GraphQLID) {
    const answer = requireDeclaration(definition, coordinate);
    return (value, path) => {
      if (value == null || isUuid(value)) return value;
      if (answer === MATCHES_NOTHING) return NAMES_NOTHING;
      throw refusal(answer, formatPath(path));
    };
  }
  if (isInputObjectType(type) && !seen.has(type.name)) {
    const inner = new Set(seen).add(type.name);
    const fields = Object.values(type.getFields()).flatMap((field) => {
      const screen = idScreen(field.type, field, `${type.name}.${field.name}`, inner);
      return screen ? [[field.name, screen] as const] : [];
    });
    if (fields.length === 0) return undefined;
    return (value, path) => {
      if (value === null || typeof value !== 'object') return value;
      const input = value as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const [fieldName, screen] of fields) {
        const screened = screen(input[fieldName], [...path, fieldName]);
        if (screened !== input[fieldName]) (copy ??= { ...input })[fieldName] = screened;
      }
      return copy ?? value;
    };
  }
  return undefined;
}

/** The screen of all of a field's id arguments, or undefined when it takes none. */
function argumentsScreen(
  parent: string,
  field: GraphQLField<unknown, unknown>,
): ((args: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const screens = field.args.flatMap((arg) => {
    const screen = idScreen(arg.type, arg, `${parent}.${field.name}(${arg.name}:)`, new Set());
    // Paths inside an input object start at its fields (`participants[1].participantId`), as the services' details do.
    const root: Path = isInputObjectType(unwrap(arg.type)) ? [] : [arg.name];
    return screen ? [[arg.name, screen, root] as const] : [];
  });
  if (screens.length === 0) return undefined;
  return (args) => {
    let copy: Record<string, unknown> | undefined;
    for (const [name, screen, root] of screens) {
      const screened = screen(args[name], root);
      if (screened !== args[name]) (copy ??= { ...args })[name] = screened;
    }
    return copy ?? args;
  };
}

function unwrap(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) || isListType(type) ? unwrap(type.ofType) : type;
}

/** Wraps, in place, the resolver (and subscriber) of every field that takes an id. */
export function guardIdArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const screen = argumentsScreen(type.name, field);
      if (!screen) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => resolve(source, screen(args), context, info);
      const subscribe = field.subscribe;
      if (subscribe) field.subscribe = (source, args, context, info) => subscribe(source, screen(args), context, info);
    }
  }
  return schema;
}
