import { TOTAL_BASIS_POINTS } from '@paysplit/domain';
import type { SplitMode } from '../gql/graphql';
import { formatMoney } from '../money';
import { formatBasisPoints } from './share-inputs';
import type { SplitCheck } from './split-draft';

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
export function summaryLine(mode: SplitMode, check: SplitCheck, totalMinor: bigint, currencyCode: string): SummaryLine | null {
  const money = (minor: bigint) => formatMoney(minor, currencyCode);
  if (mode === 'EXACT' && check.assignedMinor !== null) {
    return balanceLine(totalMinor - check.assignedMinor, money, `All ${money(totalMinor)} assigned`);
  }
  if (mode === 'PERCENT' && check.percentTotal !== null) {
    const percent = (bp: number) => `${formatBasisPoints(bp)} %`;
    return balanceLine(BigInt(TOTAL_BASIS_POINTS - check.percentTotal), (bp) => percent(Number(bp)), 'All 100 % assigned');
  }
  // Equal and shares always share out the whole total: each row already shows what it comes to.
  return null;
}

export interface SummaryLine {
  text: string;
  balanced: boolean;
}

function balanceLine(left: bigint, format: (value: bigint) => string, done: string): SummaryLine {
  if (left > 0n) return { text: `${format(left)} left to assign`, balanced: false };
  if (left < 0n) return { text: `${format(-left)} over`, balanced: false };
  return { text: done, balanced: true };
}

export function SplitSummary({ mode, check, totalMinor, currencyCode, messages }: Props) {
  const line = summaryLine(mode, check, totalMinor, currencyCode);
  return (
    <div className="split-summary" id={SUMMARY_ID} aria-live="polite">
      {line && (
        <p className={`summary-line ${line.balanced ? 'is-balanced' : 'is-off'}`} data-testid="split-summary-line">
          {line.text}
        </p>
      )}
      {messages.map((message) => (
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
