/** Shape only (something@domain.tld, at most 254 characters): deliverability is not ours to check. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
