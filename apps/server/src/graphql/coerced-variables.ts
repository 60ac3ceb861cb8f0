import {
  type DocumentNode,
  getVariableValues,
  type GraphQLError,
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/**
 * graphql-jit's compiled query coerces the variables it is given on every call, by the types the
 * operation declares; it cannot be handed values already coerced. The compiled documents coerce
 * them once, with graphql-js (so their refusals are Apollo's, word for word), and hand those values
 * on: each operation is compiled with its variables declared as this scalar, which takes a value as
 * it is. The resolvers then get graphql-js's values, as they do under Apollo.
 */
const AS_COERCED = new GraphQLScalarType({ name: 'CoercedVariable', parseValue: (value: unknown) => value });

/** graphql-js's execute stops coercing variables after this many errors (Apollo answers with those). */
const MAX_VARIABLE_ERRORS = 50;

const executionSchemas = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * The schema compiled operations run on: the same types, and so the same resolvers, beside
 * AS_COERCED. Made once per schema (the trusted documents and the REST routes share it).
 */
export function schemaTakingCoercedVariables(schema: GraphQLSchema): GraphQLSchema {
  let executionSchema = executionSchemas.get(schema);
  if (!executionSchema) {
    const config = schema.toConfig();
    executionSchema = new GraphQLSchema({ ...config, types: [...config.types, AS_COERCED] });
    executionSchemas.set(schema, executionSchema);
  }
  return executionSchema;
}

/**
 * A validated query compiled to a function once (graphql-jit), taking variables coerced by
 * graphql-js (coerceVariables); graphql-jit's reasons when it cannot be compiled.
 */
export function compileTakingCoercedVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): CompiledQuery | { problems: readonly GraphQLError[] } {
  const compiled = compileQuery(schemaTakingCoercedVariables(schema), withCoercedVariables(document, operation), operation.name?.value, {
    // The errors' stacks are those of what the resolvers threw (kept for the log).
    disablingCapturingStackErrors: true,
  });
  return isCompiledQuery(compiled) ? compiled : { problems: compiled.errors ?? [] };
}

/** The operation's variables as graphql-js's execute coerces them (the same values, the same refusals, at most 50). */
export function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): { coerced: Record<string, unknown>; errors?: undefined } | { errors: readonly GraphQLError[] } {
  return getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: MAX_VARIABLE_ERRORS });
}

/**
 * The document with its operation's variables declared as AS_COERCED, without defaults (graphql-js
 * has applied them). A Boolean variable keeps its type: graphql-jit checks it where @skip or
 * @include reads one, and a boolean coerces to itself.
 */
export function withCoercedVariables(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  const asCoerced = (definition: VariableDefinitionNode): VariableDefinitionNode => {
    const type = definition.type.kind === Kind.NON_NULL_TYPE ? definition.type.type : definition.type;
    if (type.kind === Kind.NAMED_TYPE && type.name.value === 'Boolean') return definition;
    return { ...definition, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: AS_COERCED.name } }, defaultValue: undefined };
  };
  const rewritten: OperationDefinitionNode = { ...operation, variableDefinitions: operation.variableDefinitions?.map(asCoerced) };
  return { ...document, definitions: document.definitions.map((definition) => (definition === operation ? rewritten : definition)) };
}
