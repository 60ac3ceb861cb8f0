import {
  type DocumentNode,
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';

/**
 * graphql-jit's compiled query coerces the variables it is given on every call, by the types the
 * operation declares; it cannot be handed values already coerced. The compiled documents coerce
 * them once, with graphql-js (so their refusals are Apollo's, word for word), and hand those values
 * on: each operation is compiled with its variables declared as this scalar, which takes a value as
 * it is. The resolvers then get graphql-js's values, as they do under Apollo.
 */
const AS_COERCED = new GraphQLScalarType({ name: 'CoercedVariable', parseValue: (value: unknown) => value });

/** The schema compiled operations run on: the same types, and so the same resolvers, beside AS_COERCED. */
export function schemaTakingCoercedVariables(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, AS_COERCED] });
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
