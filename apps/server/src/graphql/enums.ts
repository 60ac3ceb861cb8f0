import { registerEnumType } from 'type-graphql';

/** GraphQL enum values in caps, domain values lowercase (decisions §2). */
export function enumFromValues<T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value]));
}

export const ModeEnum = enumFromValues(['test', 'live'] as const);
registerEnumType(ModeEnum, { name: 'Mode', description: 'test or live, taken from the API key that created the session.' });
