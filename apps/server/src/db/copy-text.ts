/**
 * PostgreSQL's COPY text format (copy-from.ts sends it): one row a line, columns separated by
 * tabs, `\N` for null, and a backslash, tab or line break inside a value escaped. Pure, so the
 * request log's worker thread makes its lines with it.
 */

/** PostgreSQL text holds no NUL character: one becomes U+FFFD. */
const NUL = String.fromCharCode(0);
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', [NUL]: '\uFFFD' };

/** One value as COPY's text format reads it: null as `\N`, and a backslash, tab or line break escaped. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (character) => ESCAPES[character]!) : text;
}

const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** A line of COPY's text format read back into its values (what copyText wrote; for checking a line). */
export function copyValues(line: string): (string | null)[] {
  return line.split('\t').map((field) => (field === '\\N' ? null : field.replace(/\\([\\tnr])/g, (_, c: string) => UNESCAPES[c]!)));
}
