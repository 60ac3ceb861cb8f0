import { SUMMARY_ID } from './SplitSummary';

interface RowInputProps {
  id: string;
  className: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The person typed here and left the field: from now on its problems are worth saying. */
  onEdited: () => void;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string | undefined;
  autoComplete?: string;
  maxLength?: number;
  prefix?: string | undefined;
  suffix?: string | undefined;
}

/** A label only screen readers need: the row's placeholder and place say what it is to the eye. */
export function RowInput(props: RowInputProps) {
  const { id, error } = props;
  const describedBy = [error ? `${id}-error` : null, props.className === 'field-name' ? null : SUMMARY_ID].filter(Boolean).join(' ');
  return (
    <div className={`field ${props.className}${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {props.label}
      </label>
      <div className="input-wrap">
        {props.prefix && (
          <span className="input-affix" aria-hidden="true">
            {props.prefix}
          </span>
        )}
        <input
          id={id}
          type="text"
          inputMode={props.inputMode}
          value={props.value}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onEdited}
        />
        {props.suffix && (
          <span className="input-affix" aria-hidden="true">
            {props.suffix}
          </span>
        )}
      </div>
    </div>
  );
}
