import {
  AppError,
  type ErrorDetail,
  groupAmountMinor,
  hasControlCharacter,
  isOpenGroupPricing,
  MAX_AMOUNT_MINOR,
  OPEN_GROUP_PRICINGS,
  type OpenGroupTerms,
  openGroupTermsProblems,
  parseMinorAmount,
  type requireCurrency,
  resolveTotalAmount,
} from '@paysplit/domain';

/** The `openGroup` of a creation request, as both transports hand it over. */
export interface OpenGroupCommand {
  minPlaces: number;
  maxPlaces: number;
  maxPlacesPerPayer?: number | null;
  pricing: string;
  pricePerPlaceMinor?: string | number | null;
  organiserName?: string | null;
  organiserEmail?: string | null;
}

/** A checked open group: its terms and organiser, with the amount the session starts at. */
export interface PlannedOpenGroup {
  terms: OpenGroupTerms;
  organiserName: string | null;
  organiserEmail: string | null;
  /** `groupAmountMinor` with nothing sold: the total, or the price times the minimum. */
  amountMinor: bigint;
}

export const MAX_ORGANISER_NAME_LENGTH = 80;
// As loose as a participant's: one @, no spaces, a dot in the domain. Real validation is the merchant's.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the amount fields of the request say, for the pricing that uses them. */
interface AmountFields {
  amount?: number | string | null;
  amountMinor?: string | number | null;
}

/**
 * Checks an open group's terms (docs/plans/open-groups.md §2) and adds every problem to `details`
 * with its path; the arithmetic's own rules are the domain's. A `split_total` shares the request's
 * amount; a `per_place` group has none (its total grows with the places sold).
 */
export function planOpenGroup(
  command: OpenGroupCommand,
  amounts: AmountFields,
  currency: ReturnType<typeof requireCurrency>,
  details: ErrorDetail[],
): PlannedOpenGroup {
  const pricing = isOpenGroupPricing(command.pricing) ? command.pricing : null;
  if (pricing === null) details.push({ path: 'openGroup.pricing', message: `must be one of ${OPEN_GROUP_PRICINGS.join(', ')}` });
  const amountSent = amounts.amount != null || amounts.amountMinor != null;
  let pricePerPlaceMinor: bigint | null = null;
  let totalMinor: bigint | null = null;
  if (pricing === 'per_place') {
    if (amountSent) {
      details.push({
        path: 'amountMinor',
        message: 'is not sent with per_place pricing: the total is pricePerPlaceMinor times the places sold',
      });
    }
    pricePerPlaceMinor = readPrice(command.pricePerPlaceMinor, details);
  } else if (pricing === 'split_total') {
    if (command.pricePerPlaceMinor != null) {
      details.push({ path: 'openGroup.pricePerPlaceMinor', message: 'only with per_place pricing (split_total shares amountMinor)' });
    }
    totalMinor = amountSent ? resolveTotalAmount(amounts, currency) : null;
  }
  const terms: OpenGroupTerms = {
    pricing: pricing ?? 'split_total',
    minPlaces: command.minPlaces,
    maxPlaces: command.maxPlaces,
    maxPlacesPerPayer: command.maxPlacesPerPayer ?? null,
    pricePerPlaceMinor,
    totalMinor,
  };
  // A malformed price was reported where it was read; the terms' own check would only repeat it.
  const problems = pricing === null ? [] : openGroupTermsProblems(terms);
  details.push(...problems.filter((problem) => !details.some((known) => known.path === problem.path)));
  if (pricing === 'per_place' && pricePerPlaceMinor !== null && Number.isSafeInteger(command.maxPlaces)) {
    // The session's amount grows to the price times the places sold: every place must fit.
    if (pricePerPlaceMinor * BigInt(Math.max(1, command.maxPlaces)) > MAX_AMOUNT_MINOR) {
      details.push({ path: 'openGroup.pricePerPlaceMinor', message: `times maxPlaces must be at most ${MAX_AMOUNT_MINOR}` });
    }
  }
  const organiserName = readOrganiserName(command.organiserName, details);
  const organiserEmail = command.organiserEmail?.trim() || null;
  if (organiserEmail !== null && (organiserEmail.length > 254 || !EMAIL_PATTERN.test(organiserEmail))) {
    details.push({ path: 'openGroup.organiserEmail', message: 'must be an email address' });
  }
  const valid = details.length === 0;
  return { terms, organiserName, organiserEmail, amountMinor: valid ? groupAmountMinor(terms, 0) : 1n };
}

function readPrice(value: string | number | null | undefined, details: ErrorDetail[]): bigint | null {
  if (value == null) return null;
  try {
    return parseMinorAmount(value, 'openGroup.pricePerPlaceMinor');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    details.push({ path: 'openGroup.pricePerPlaceMinor', message: error.details?.[0]?.message ?? error.message });
    return null;
  }
}

/** Shown on the join page: one line of at most 80 characters, trimmed; blank is not sent. */
function readOrganiserName(value: string | null | undefined, details: ErrorDetail[]): string | null {
  const name = value?.trim() ?? '';
  if (name === '') return null;
  if (hasControlCharacter(name) || [...name].length > MAX_ORGANISER_NAME_LENGTH) {
    details.push({ path: 'openGroup.organiserName', message: `must be one line of at most ${MAX_ORGANISER_NAME_LENGTH} characters` });
    return null;
  }
  return name;
}
