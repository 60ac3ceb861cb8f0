import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import {
  defaultFieldResolver,
  type GraphQLField,
  GraphQLID,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

/**
 * Every id PaySplit issues is a UUID, and an id that is not one names nothing. So each `ID`
 * argument and `ID` input field of the schema is checked here, once, before its resolver runs:
 * a malformed id answers what an unknown one would and never reaches SQL (PostgreSQL answers a
 * malformed uuid with an error, which used to surface as INTERNAL_ERROR).
 *
 * Why a wrapper of the resolvers that take ids rather than a UUID scalar or a type-graphql
 * global middleware: a scalar would change the published schema (clients declare `$id: ID!`)
 * and could only answer with a coercion error, not the not-found code an unknown id gets; a
 * global middleware wraps every field of every type (each scalar leaf then resolves through a
 * promise chain), which the hot paths would pay for. This touches only the fields with ids, and
 * being part of the schema it holds for every transport: /graphql, REST, graphql-ws.
 */

/**
 * What a malformed id answers where an unknown one is not simply "not found" (by schema
 * coordinate). Elsewhere: SESSION_NOT_FOUND for a session id, PAYMENT_NOT_FOUND for a payment
 * id, NOT_FOUND for the rest.
 */
const MALFORMED_ID_CODE: Readonly<Record<string, ErrorCode>> = {
  // Decisions §4: a malformed integrationId at creation is VALIDATION_ERROR.
  'CreateSessionInput.integrationId': ErrorCode.ValidationError,
  // The record route has always answered a malformed paymentId with 400.
  'RecordPaymentInput.paymentId': ErrorCode.ValidationError,
  // An unknown participant to keep is a field problem of the configuration.
  'ConfigureParticipantInput.participantId': ErrorCode.ValidationError,
  // Filters: an unknown id matches nothing; a malformed one can only be a mistake.
  'SessionFilter.integrationId': ErrorCode.ValidationError,
  'DeliveryFilter.integrationId': ErrorCode.ValidationError,
  'Query.session(id:)': ErrorCode.SessionNotFound,
  'Mutation.cancelSession(id:)': ErrorCode.SessionNotFound,
};

function malformedIdCode(coordinate: string, name: string): ErrorCode {
  return (
    MALFORMED_ID_CODE[coordinate] ??
    (name === 'sessionId' ? ErrorCode.SessionNotFound : name === 'paymentId' ? ErrorCode.PaymentNotFound : ErrorCode.NotFound)
  );
}

type Path = readonly (string | number)[];
/** Returns the refusal for the first malformed id in a value, or undefined. */
type IdCheck = (value: unknown, path: Path) => AppError | undefined;

function formatPath(path: Path): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/** The refusal never repeats the value: it may be anything, a pasted secret or a megabyte. */
function refusal(code: ErrorCode, where: string): AppError {
  if (code === ErrorCode.ValidationError) {
    return new AppError(code, `${where} must be a UUID`, [{ path: where, message: 'must be a UUID' }]);
  }
  const what =
    code === ErrorCode.SessionNotFound ? 'Session not found' : code === ErrorCode.PaymentNotFound ? 'Payment not found' : 'Not found';
  return new AppError(code, `${what}: ${where} is not a valid id`);
}

function idCheck(type: GraphQLInputType, coordinate: string, name: string, seen: ReadonlySet<string>): IdCheck | undefined {
  if (isNonNullType(type)) return idCheck(type.ofType, coordinate, name, seen);
  if (isListType(type)) {
    const item = idCheck(type.ofType, coordinate, name, seen);
    if (!item) return undefined;
    return (value, path) => {
      if (!Array.isArray(value)) return item(value, path);
      for (const [index, entry] of value.entries()) {
        const problem = item(entry, [...path, index]);
        if (problem) return problem;
      }
      return undefined;
    };
  }
  if (type === GraphQLID) {
    const code = malformedIdCode(coordinate, name);
    return (value, path) => (value == null || isUuid(value) ? undefined : refusal(code, formatPath(path)));
  }
  if (isInputObjectType(type) && !seen.has(type.name)) {
    const inner = new Set(seen).add(type.name);
    const fields = Object.values(type.getFields()).flatMap((field) => {
      const check = idCheck(field.type, `${type.name}.${field.name}`, field.name, inner);
      return check ? [[field.name, check] as const] : [];
    });
    if (fields.length === 0) return undefined;
    return (value, path) => {
      if (value === null || typeof value !== 'object') return undefined;
      for (const [fieldName, check] of fields) {
        const problem = check((value as Record<string, unknown>)[fieldName], [...path, fieldName]);
        if (problem) return problem;
      }
      return undefined;
    };
  }
  return undefined;
}

/** The check of all of a field's id arguments, or undefined when it takes none. */
function argumentsCheck(
  parent: string,
  field: GraphQLField<unknown, unknown>,
): ((args: Record<string, unknown>) => AppError | undefined) | undefined {
  const checks = field.args.flatMap((arg) => {
    const check = idCheck(arg.type, `${parent}.${field.name}(${arg.name}:)`, arg.name, new Set());
    // Paths inside an input object start at its fields (`participants[1].participantId`), as the services' details do.
    const root: Path = isInputObjectType(unwrap(arg.type)) ? [] : [arg.name];
    return check ? [[arg.name, check, root] as const] : [];
  });
  if (checks.length === 0) return undefined;
  return (args) => {
    for (const [name, check, root] of checks) {
      const problem = check(args[name], root);
      if (problem) return problem;
    }
    return undefined;
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
      const check = argumentsCheck(type.name, field);
      if (!check) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const problem = check(args);
        if (problem) throw problem;
        return resolve(source, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args, context, info) => {
          const problem = check(args);
          if (problem) throw problem;
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
