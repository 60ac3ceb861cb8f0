import { scrubSecrets } from '../logger.js';

/**
 * The message of a GraphQL input error (syntax, validation, variable coercion) without the values
 * the client sent. graphql-js repeats them ("String cannot represent a non string value:
 * ["<hostToken>"]", "Variable "$input" got invalid value { password: … }"), and a value may be a
 * token, a key, a password or a megabyte of anything; the names, paths and expected types stay,
 * which is what a developer needs to fix the request. Used by every transport: /graphql
 * (formatGraphQLError), REST (rest-route.ts) and graphql-ws (live-updates.ts).
 */
export function inputErrorMessage(error: { message: string; originalError?: { message: string } | null }): string {
  return scrubSecrets(withoutValues(error.message, error.originalError?.message));
}

const NAME = String.raw`[_A-Za-z][_0-9A-Za-z]*`;
const VARIABLE_PREFIX = new RegExp(String.raw`^Variable "\$(${NAME})" (?:got|has) invalid value `);
// The path graphql-js prints after the value: ` at "input.participants[1].amountMinor"`.
const VARIABLE_PATH = new RegExp(String.raw` at "${NAME}(?:\.${NAME}|\[\d+\])*"$`);
const EXPECTED_FOUND = /^(Expected value of type "[^"]+"), found [\s\S]*$/;
const ARGUMENT_VALUE = new RegExp(String.raw`^(Argument "${NAME}" has invalid value) [\s\S]*$`);
// Lexer token descriptions end a syntax error: `Expected Name, found String "…".`
const SYNTAX_TOKEN = /^(Syntax Error: [\s\S]*?(?:found|Unexpected) (?:String|BlockString|Name|Int|Float)) "[\s\S]*$/;
// Scalars and enums say "X cannot represent …" and then, in some form, the value.
const CANNOT_REPRESENT = new RegExp(String.raw`^(${NAME}|Enum "${NAME}") cannot (?:represent|be)\b[\s\S]*$`);
const NOT_IN_ENUM = new RegExp(String.raw`^Value [\s\S]* does not exist in "(${NAME})" enum\.[\s\S]*$`);
const UNDEFINED_FIELD = new RegExp(String.raw`^Field "([\s\S]*)" is not defined by type "(${NAME})"\.[\s\S]*$`);
const PLAIN_NAME = new RegExp(String.raw`^${NAME}$`);

function withoutValues(message: string, reason: string | undefined): string {
  const variable = VARIABLE_PREFIX.exec(message);
  if (variable) {
    const head = `Variable "$${variable[1]}" got invalid value`;
    // graphql-js builds it as `<head> <value>[ at "<path>"]; <reason>`, the reason also kept apart.
    if (reason === undefined || !message.endsWith(`; ${reason}`)) return head;
    const path = VARIABLE_PATH.exec(message.slice(0, -(reason.length + 2)))?.[0] ?? '';
    return `${head}${path}; ${reasonWithoutValue(reason)}`;
  }
  const expected = EXPECTED_FOUND.exec(message) ?? ARGUMENT_VALUE.exec(message);
  if (expected) return `${expected[1]}.`;
  const syntax = SYNTAX_TOKEN.exec(message);
  if (syntax) return `${syntax[1]}.`;
  return reasonWithoutValue(message);
}

function reasonWithoutValue(reason: string): string {
  const scalar = CANNOT_REPRESENT.exec(reason);
  if (scalar) return `${scalar[1]} cannot represent the value sent.`;
  const enumValue = NOT_IN_ENUM.exec(reason);
  if (enumValue) return `The value sent is not one of enum "${enumValue[1]}".`;
  const field = UNDEFINED_FIELD.exec(reason);
  // The name comes from the client too (a JSON key of the variables): only a plain name is repeated.
  if (field)
    return `${PLAIN_NAME.test(field[1]!) && field[1]!.length <= 64 ? `Field "${field[1]}"` : 'A field'} is not defined by type "${field[2]}".`;
  return reason;
}
