/** `?, ?, ?` for a list of bindings (Knex expands an array binding into a list, not a PostgreSQL array). */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
