import type { SplitMode } from '../gql/graphql';

const MODES: readonly { mode: SplitMode; label: string; hint: string }[] = [
  { mode: 'EQUAL', label: 'Equally', hint: 'Everyone pays the same.' },
  { mode: 'EXACT', label: 'By amount', hint: 'Type what each person pays.' },
  { mode: 'PERCENT', label: 'By percent', hint: 'Percentages add up to 100.' },
  { mode: 'SHARES', label: 'By shares', hint: '2 shares pay twice as much as 1.' },
];

interface Props {
  mode: SplitMode;
  /** The total, formatted: the legend says what is being split. */
  total: string;
  onChange: (mode: SplitMode) => void;
}

/** Four choices in one row of segments; only the chosen one explains itself, to keep the setup short on a phone. */
export function ModePicker({ mode, total, onChange }: Props) {
  const hint = MODES.find((m) => m.mode === mode)?.hint;
  return (
    <fieldset className="modes" aria-describedby="split-mode-hint">
      <legend>How to split {total}</legend>
      <div className="mode-options">
        {MODES.map((option) => (
          <label key={option.mode} className="mode-option">
            <input
              type="radio"
              name="split-mode"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => onChange(option.mode)}
            />
            <span className="mode-label">{option.label}</span>
          </label>
        ))}
      </div>
      <p className="hint mode-hint" id="split-mode-hint">
        {hint}
      </p>
    </fieldset>
  );
}
