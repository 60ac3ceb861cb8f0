import { AppError, ErrorCode } from '@paysplit/domain';
import { isSafeNumber, parse } from 'lossless-json';

/** A JSON number that a double cannot hold exactly (`1e309`, `0.30000000000000001`). */
export class InexactJsonNumber {
  constructor(readonly text: string) {}
}

/**
 * The deepest nesting of arrays and objects a request body may have. lossless-json parses
 * recursively: a body of a few thousand nested arrays overflowed its stack, and the refusal quoted
 * the RangeError. Checked in one pass over the text first.
 */
export const MAX_JSON_NESTING = 64;

/**
 * Parses a request body keeping number exactness visible: every number that a double holds
 * exactly becomes a plain number, any other becomes an InexactJsonNumber, so money is never
 * silently rounded (decisions §1). Duplicate keys are refused rather than last-one-wins.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw new AppError(ErrorCode.ValidationError, 'The request body is empty; send a JSON object');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new AppError(ErrorCode.ValidationError, 'The request body is not valid UTF-8');
  }
  if (nestsDeeperThan(text, MAX_JSON_NESTING)) {
    throw new AppError(ErrorCode.ValidationError, `The request body nests arrays and objects more than ${MAX_JSON_NESTING} deep`);
  }
  try {
    return parse(text, null, (numberText) => (isSafeNumber(numberText) ? Number(numberText) : new InexactJsonNumber(numberText)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'syntax error';
    throw new AppError(ErrorCode.ValidationError, `Malformed JSON: ${reason}`);
  }
}

/** Whether JSON text opens more than `limit` arrays and objects inside one another (outside strings). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      if (++depth > limit) return true;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return false;
}

/** Paths of inexact numbers inside a value (for fields that are free-form JSON, like metadata). */
export function findInexactNumbers(value: unknown, path: string): string[] {
  if (value instanceof InexactJsonNumber) return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => findInexactNumbers(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => findInexactNumbers(item, `${path}.${key}`));
  }
  return [];
}
