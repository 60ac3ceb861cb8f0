/**
 * A payer's email address as the administration area shows it: "alice@example.com" becomes
 * "a•••@example.com", enough for an operator to tell messages and payers apart, not enough to
 * write to anyone. The one masking rule: the server applies it to every payer address the
 * admin area's queries return, and the admin screens format addresses through it again, so an
 * address shows the same wherever it appears. Masking a masked address changes nothing.
 */
export const EMAIL_MASK = '•••';

export function maskEmailAddress(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return EMAIL_MASK;
  // The first character, not the first UTF-16 unit: "Ōtaki@…" keeps its macron.
  const [first] = Array.from(trimmed.slice(0, at));
  return `${first}${EMAIL_MASK}${trimmed.slice(at)}`;
}
