import { TOTAL_BASIS_POINTS } from '@paysplit/domain';
import { defineMessages } from 'react-intl';
import type { SplitMode } from '../gql/graphql';
import { type Translator, useT } from '../i18n/translator';
import { formatBasisPoints } from './share-inputs';
import type { SplitCheck } from './split-draft';

const messages = defineMessages({
  amountLeft: {
    id: 'split.summary.amountLeft',
    defaultMessage: '{amount} left to assign',
    description: 'Exact amounts: money not yet given to anyone',
  },
  amountOver: { id: 'split.summary.amountOver', defaultMessage: '{amount} over', description: 'Exact amounts: more than the total' },
  amountAll: { id: 'split.summary.amountAll', defaultMessage: 'All {total} assigned', description: 'Exact amounts add up to the total' },
  percentLeft: {
    id: 'split.summary.percentLeft',
    defaultMessage: '{percent} % left to assign',
    description: 'Percentages below 100; percent is a number such as 8.33',
  },
  percentOver: { id: 'split.summary.percentOver', defaultMessage: '{percent} % over', description: 'Percentages above 100' },
  percentAll: { id: 'split.summary.percentAll', defaultMessage: 'All 100 % assigned', description: 'Percentages add up to 100' },
});

interface Props {
  mode: SplitMode;
  check: SplitCheck;
  totalMinor: bigint;
  currencyCode: string;
  /** Problems of the split as a whole that the line itself does not already say. */
  messages: readonly string[];
}

export const SUMMARY_ID = 'split-summary';

/** What is left to assign, as one line in the app's one money format (amounts and percentages, which can be off). */
export function summaryLine(
  t: Translator,
  mode: SplitMode,
  check: SplitCheck,
  totalMinor: bigint,
  currencyCode: string,
): SummaryLine | null {
  if (mode === 'EXACT' && check.assignedMinor !== null) {
    const amount = (minor: bigint) => t.money(minor, currencyCode);
    return balanceLine(totalMinor - check.assignedMinor, {
      left: (left) => t(messages.amountLeft, { amount: amount(left) }),
      over: (over) => t(messages.amountOver, { amount: amount(over) }),
      done: t(messages.amountAll, { total: amount(totalMinor) }),
    });
  }
  if (mode === 'PERCENT' && check.percentTotal !== null) {
    const percent = (bp: bigint) => formatBasisPoints(Number(bp), t.locale);
    return balanceLine(BigInt(TOTAL_BASIS_POINTS - check.percentTotal), {
      left: (left) => t(messages.percentLeft, { percent: percent(left) }),
      over: (over) => t(messages.percentOver, { percent: percent(over) }),
      done: t(messages.percentAll),
    });
  }
  // Equal and shares always share out the whole total: each row already shows what it comes to.
  return null;
}

export interface SummaryLine {
  text: string;
  balanced: boolean;
}

function balanceLine(left: bigint, words: { left: (value: bigint) => string; over: (value: bigint) => string; done: string }): SummaryLine {
  if (left > 0n) return { text: words.left(left), balanced: false };
  if (left < 0n) return { text: words.over(-left), balanced: false };
  return { text: words.done, balanced: true };
}

export function SplitSummary({ mode, check, totalMinor, currencyCode, messages: problems }: Props) {
  const t = useT();
  const line = summaryLine(t, mode, check, totalMinor, currencyCode);
  return (
    <div className="split-summary" id={SUMMARY_ID} aria-live="polite">
      {line && (
        <p className={`summary-line ${line.balanced ? 'is-balanced' : 'is-off'}`} data-testid="split-summary-line">
          {line.text}
        </p>
      )}
      {problems.map((message) => (
        <p key={message} className="form-error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** Whether the summary line already says what the domain's whole-split message would (a sum that is off). */
export function summarySaysSumIsOff(mode: SplitMode, check: SplitCheck, totalMinor: bigint): boolean {
  if (mode === 'EXACT') return check.assignedMinor !== null && check.assignedMinor !== totalMinor;
  if (mode === 'PERCENT') return check.percentTotal !== null && check.percentTotal !== TOTAL_BASIS_POINTS;
  return false;
}
