import { type Currency, type ErrorDetail, MAX_AMOUNT_MINOR, MAX_PARTICIPANTS, SplitProblem } from '@paysplit/domain';
import { defineMessages } from 'react-intl';
import type { SplitMode } from '../gql/graphql';
import type { Translator } from '../i18n/translator';
import { formatAmountInput, formatBasisPoints, type InputProblem } from './share-inputs';
import { fieldKey, type FieldErrors, MAX_DISPLAY_NAME_LENGTH, type RowField, type SplitCheck } from './split-draft';
import { ROW_FIELDS } from './split-form';

const messages = defineMessages({
  nameEmpty: { id: 'split.name.empty', defaultMessage: 'Enter a name', description: 'A person’s name was left empty' },
  nameTooLong: {
    id: 'split.name.tooLong',
    defaultMessage: 'Use at most {max, number} characters',
    description: 'A person’s name is too long',
  },
  emailInvalid: {
    id: 'split.email.invalid',
    defaultMessage: 'Enter an email address such as name@example.com',
    description: 'What was typed is not an email address',
  },
  amountFormat: {
    id: 'split.amount.format',
    defaultMessage: 'Enter an amount such as {example}',
    description: 'An amount that does not read; example: 150.00',
  },
  amountZero: { id: 'split.amount.zero', defaultMessage: 'Enter an amount greater than 0', description: 'An amount of 0' },
  amountDecimals: {
    id: 'split.amount.decimals',
    defaultMessage: 'Use at most {decimals, plural, one {# decimal place} other {# decimal places}} for {currency}',
    description: 'An amount with more decimals than the currency has; currency is its code, e.g. NZD',
  },
  amountWhole: {
    id: 'split.amount.whole',
    defaultMessage: 'Enter a whole number: {currency} has no decimal places',
    description: 'An amount with decimals in a currency without them (JPY)',
  },
  amountTooLarge: {
    id: 'split.amount.tooLarge',
    defaultMessage: 'Enter an amount of at most {max}',
    description: 'An amount above the largest PaySplit takes',
  },
  percentFormat: {
    id: 'split.percent.format',
    defaultMessage: 'Enter a percentage such as {whole} or {decimal}',
    description: 'A percentage that does not read; whole is 25, decimal is 33.33',
  },
  percentDecimals: {
    id: 'split.percent.decimals',
    defaultMessage: 'Use at most 2 decimal places',
    description: 'A percentage with 3 or more decimals',
  },
  percentOver: { id: 'split.percent.over', defaultMessage: 'Enter a percentage of at most 100', description: 'A percentage above 100' },
  sharesFormat: {
    id: 'split.shares.format',
    defaultMessage: 'Enter a whole number of shares such as 1 or 2',
    description: 'A number of shares that is not a whole number',
  },
  needsAmount: {
    id: 'split.needs.amount',
    defaultMessage: 'Participant {n, number} needs an amount for an exact split',
    description: 'An amount left empty',
  },
  needsPercent: {
    id: 'split.needs.percent',
    defaultMessage: 'Participant {n, number} needs a percentage',
    description: 'A percentage left empty',
  },
  needsShares: {
    id: 'split.needs.shares',
    defaultMessage: 'Participant {n, number} needs a number of shares',
    description: 'A number of shares left empty',
  },
  notAboveZero: {
    id: 'split.amount.notAboveZero',
    defaultMessage: 'Participant {n, number}’s amount must be greater than 0',
    description: 'An exact amount of 0',
  },
  owesNothing: {
    id: 'split.owesNothing',
    defaultMessage: 'Participant {n, number} would owe {zero}: every participant must pay something, so remove them or give them a share',
    description: 'A share comes out as 0; zero is 0.00 in the currency’s format',
  },
  amountsOff: {
    id: 'split.amountsOff',
    defaultMessage: 'Amounts add up to {sum} but the total is {total}',
    description: 'Exact amounts do not add up',
  },
  unpaidAmountsOff: {
    id: 'split.unpaidAmountsOff',
    defaultMessage: 'Amounts of the unpaid participants add up to {sum} but {remaining} remains to be paid',
    description: 'Exact amounts of those who have not paid do not add up to what is left',
  },
  percentOff: {
    id: 'split.percentOff',
    defaultMessage: 'Percentages add up to {percent} % but must add up to 100 %',
    description: 'Percentages do not add up to 100',
  },
  noShares: { id: 'split.noShares', defaultMessage: 'At least one participant needs more than 0 shares', description: 'Every share is 0' },
  participantCount: {
    id: 'split.participantCount',
    defaultMessage: 'A split has 1 to {max, number} people',
    description: 'Too many people (or none)',
  },
  doesNotWorkOut: {
    id: 'split.doesNotWorkOut',
    defaultMessage: 'This split does not work out. Check each share and try again.',
    description: 'Any other problem with the split',
  },
  sumOff: {
    id: 'split.sumOff',
    defaultMessage: 'Make the split add up to the total to save it.',
    description: 'Save was pressed while the split does not add up',
  },
  saveEnded: {
    id: 'split.save.ended',
    defaultMessage: 'This payment can no longer be changed.',
    description: 'Saving was refused: the session ended or someone paid',
  },
  saveNotHost: {
    id: 'split.save.notHost',
    defaultMessage: 'Only the organiser can change the split. Open the organiser’s link again.',
    description: 'Saving was refused: this device is not the organiser’s',
  },
  saveOffline: {
    id: 'split.save.offline',
    defaultMessage: 'No connection. Check your internet and press Save split again.',
    description: 'Saving did not reach the server',
  },
  saveFailed: {
    id: 'split.save.failed',
    defaultMessage: 'The split could not be saved. Please try again.',
    description: 'Saving failed otherwise',
  },
});

/** The server's objections to a save: by the input they name, and about the split as a whole. */
export interface ServerErrors {
  fieldErrors: FieldErrors;
  formErrors: readonly string[];
}

export type RowErrors = Partial<Record<RowField, string>>;

/** The person's name, as the editor words a problem with it. */
export function nameProblem(t: Translator, name: string): string | undefined {
  if (name.length === 0) return t(messages.nameEmpty);
  if (name.length > MAX_DISPLAY_NAME_LENGTH) return t(messages.nameTooLong, { max: MAX_DISPLAY_NAME_LENGTH });
  return undefined;
}

export function emailProblem(t: Translator): string {
  return t(messages.emailInvalid);
}

/** A typed value that does not read, in words that say what to type instead. */
export function inputProblemMessage(t: Translator, problem: InputProblem, currency: Currency): string {
  switch (problem) {
    case 'amount-format':
      return t(messages.amountFormat, { example: formatAmountInput(150n * 10n ** BigInt(currency.exponent), currency, t.locale) });
    case 'amount-zero':
      return t(messages.amountZero);
    case 'amount-decimals':
      return currency.exponent === 0
        ? t(messages.amountWhole, { currency: currency.code })
        : t(messages.amountDecimals, { decimals: currency.exponent, currency: currency.code });
    case 'amount-too-large':
      return t(messages.amountTooLarge, { max: t.money(MAX_AMOUNT_MINOR, currency.code) });
    case 'percent-format':
      return t(messages.percentFormat, { whole: formatBasisPoints(2500, t.locale), decimal: formatBasisPoints(3333, t.locale) });
    case 'percent-decimals':
      return t(messages.percentDecimals);
    case 'percent-over':
      return t(messages.percentOver);
    case 'shares-format':
      return t(messages.sharesFormat);
  }
}

/** What the editor knows about the split besides the domain's error, to word it. */
export interface SplitFacts {
  mode: SplitMode;
  currency: Currency;
  totalMinor: bigint;
  paidMinor: bigint;
  /** The unpaid participants' typed amounts (exact mode). */
  typedMinor: bigint;
  /** The typed percentages, in basis points (percent mode). */
  percentTotal: number;
}

/** One of the domain's split problems in the reader's words (the domain's own message is English, for the API). */
export function splitProblemMessage(t: Translator, detail: ErrorDetail, index: number | null, facts: SplitFacts): string {
  const n = (index ?? 0) + 1;
  const plain = (minor: bigint) => formatAmountInput(minor, facts.currency, t.locale);
  switch (detail.reason) {
    case SplitProblem.NeedsValue:
      return t(facts.mode === 'PERCENT' ? messages.needsPercent : facts.mode === 'SHARES' ? messages.needsShares : messages.needsAmount, {
        n,
      });
    case SplitProblem.NotAboveZero:
      return t(messages.notAboveZero, { n });
    case SplitProblem.BadWeight:
      return t(facts.mode === 'PERCENT' ? messages.percentOver : messages.sharesFormat);
    case SplitProblem.OwesNothing:
      return t(messages.owesNothing, { n, zero: plain(0n) });
    case SplitProblem.AmountsOff:
      return facts.paidMinor === 0n
        ? t(messages.amountsOff, { sum: plain(facts.typedMinor), total: plain(facts.totalMinor) })
        : t(messages.unpaidAmountsOff, { sum: plain(facts.typedMinor), remaining: plain(facts.totalMinor - facts.paidMinor) });
    case SplitProblem.PercentOff:
      return t(messages.percentOff, { percent: formatBasisPoints(facts.percentTotal, t.locale) });
    case SplitProblem.NoShares:
      return t(messages.noShares);
    case SplitProblem.ParticipantCount:
      return t(messages.participantCount, { max: MAX_PARTICIPANTS });
    default:
      return t(messages.doesNotWorkOut);
  }
}

/**
 * What each input of a row says: the server's objection first (it named that input), else the
 * local check's problem once it is worth saying.
 */
export function rowErrors(
  index: number,
  check: SplitCheck,
  serverErrors: ServerErrors | null,
  isShown: (field: RowField) => boolean,
): RowErrors {
  const errors: RowErrors = {};
  for (const field of ROW_FIELDS) {
    const key = fieldKey(index, field);
    const message = serverErrors?.fieldErrors[key] ?? (isShown(field) ? check.fieldErrors[key] : undefined);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

interface FormMessageInput {
  check: SplitCheck;
  serverErrors: ServerErrors | null;
  /** The summary line already says the sum is off, so the domain's own sentence about it would repeat it. */
  summarySaysSumIsOff: boolean;
  submitted: boolean;
  /** Some field was typed in and left. */
  anyTouched: boolean;
}

/** The problems of the split as a whole, said under the summary line. */
export function formMessages(
  t: Translator,
  { check, serverErrors, summarySaysSumIsOff, submitted, anyTouched }: FormMessageInput,
): string[] {
  return [
    ...(!summarySaysSumIsOff && (submitted || anyTouched) ? check.formErrors : []),
    ...(serverErrors?.formErrors ?? []),
    ...(submitted && summarySaysSumIsOff ? [t(messages.sumOff)] : []),
  ];
}

/** A failed save that is not about any input, in the host's words. */
export function saveErrorMessage(t: Translator, code: string | undefined): string {
  switch (code) {
    case 'INVALID_STATE':
    case 'SESSION_NOT_PAYABLE':
      return t(messages.saveEnded);
    case 'FORBIDDEN':
    case 'UNAUTHENTICATED':
      return t(messages.saveNotHost);
    case 'NETWORK_ERROR':
      return t(messages.saveOffline);
    default:
      return t(messages.saveFailed);
  }
}
