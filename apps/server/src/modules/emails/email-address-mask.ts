/** "alice@example.com" -> "a•••@example.com": enough for an operator to tell messages apart, not to write to anyone. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}
