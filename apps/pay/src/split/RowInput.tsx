import type { ReactNode } from 'react';
import { SUMMARY_ID } from './SplitSummary';

interface RowInputProps {
  id: string;
  className: string;
  /** Shown inside the field's top edge, always (never a placeholder that disappears when typing starts). */
  label: ReactNode;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The person typed here and left the field: from now on its problems are worth saying. */
  onEdited: () => void;
  type?: 'text' | 'email';
  inputMode?: 'decimal' | 'numeric';
  autoComplete?: string;
  maxLength?: number;
  /** The split's summary line describes this input too (the share inputs). */
  describedBySummary?: boolean;
}

/**
 * One of a row's inputs with its label kept visible inside the box, above what is typed: a label
 * that stays in view costs a phone no extra line.
 */
export function RowInput(props: RowInputProps) {
  const { id, error } = props;
  const describedBy = [error ? `${id}-error` : null, props.describedBySummary ? SUMMARY_ID : null].filter(Boolean).join(' ');
  return (
    <div className={`field field-inset ${props.className}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={props.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onEdited}
      />
    </div>
  );
}
