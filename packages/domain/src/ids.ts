/**
 * The form of every id PaySplit issues: a UUID (any version, either case). An id that does not
 * have it names nothing, so callers refuse it before it reaches a query (PostgreSQL would answer
 * a malformed uuid with an error, not with "no row").
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
