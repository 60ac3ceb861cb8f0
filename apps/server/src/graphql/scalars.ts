import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * Integer minor units. Output: a string of digits (a bigint does not fit a JSON number safely).
 * Input: a string of digits or a JSON integer, handed to the domain as given so it applies the
 * one set of rules (leading zeros, signs, range) for every transport.
 */
export const MinorUnitsScalar = new GraphQLScalarType<string | number, string>({
  name: 'MinorUnits',
  description: 'An amount in integer minor units of its currency (cents for NZD), as a string of digits: "12050" is NZ$120.50.',
  serialize(value) {
    if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string') return String(value);
    throw new GraphQLError('MinorUnits cannot represent this value');
  },
  parseValue(value) {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw new GraphQLError('MinorUnits must be a string of digits, e.g. "12050"');
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING) return node.value;
    if (node.kind === Kind.INT) return node.value;
    throw new GraphQLError('MinorUnits must be a string of digits, e.g. "12050"');
  },
});

/**
 * A major-units amount (`120.50`). Literals keep their exact source text; JSON numbers in
 * variables arrive as doubles, whose shortest text is exact for every amount we accept.
 */
export const DecimalAmountScalar = new GraphQLScalarType<string | number, string>({
  name: 'DecimalAmount',
  description: 'An amount in major units of its currency, e.g. 120.50, as a number or decimal string.',
  serialize(value) {
    return String(value);
  },
  parseValue(value) {
    if (typeof value === 'number' || typeof value === 'string') return value;
    throw new GraphQLError('DecimalAmount must be a number or a decimal string, e.g. 120.50');
  },
  parseLiteral(node) {
    if (node.kind === Kind.INT || node.kind === Kind.STRING) return node.value;
    if (node.kind === Kind.FLOAT) return /e/i.test(node.value) ? Number(node.value) : node.value;
    throw new GraphQLError('DecimalAmount must be a number or a decimal string, e.g. 120.50');
  },
});
