import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * A payout bank account in the one form it is sealed and masked in: an IBAN (checksum verified)
 * in electronic form, or a New Zealand account number as BB-bbbb-AAAAAAA-SSS. Undefined when the
 * value is neither.
 */
export function normalizeBankAccount(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const iban = electronicFormatIBAN(value);
  if (iban && isValidIBAN(iban)) return iban;
  const nz = /^(\d{2})[- ]?(\d{4})[- ]?(\d{7})[- ]?(\d{2,3})$/.exec(value.trim());
  return nz ? `${nz[1]}-${nz[2]}-${nz[3]}-${nz[4]!.padStart(3, '0')}` : undefined;
}
