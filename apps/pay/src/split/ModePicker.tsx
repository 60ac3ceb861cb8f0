import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SplitMode } from '../gql/graphql';
import { useT } from '../i18n/translator';

const messages = defineMessages({
  legend: { id: 'split.mode.legend', defaultMessage: 'How to split {total}', description: 'Above the split modes; total is the bill' },
  equal: { id: 'split.mode.equal', defaultMessage: 'Equally', description: 'Split mode: everyone pays the same' },
  equalHint: {
    id: 'split.mode.equal.hint',
    defaultMessage: 'Everyone pays the same.',
    description: 'Under the modes when Equally is chosen',
  },
  exact: { id: 'split.mode.exact', defaultMessage: 'By amount', description: 'Split mode: an amount per person' },
  exactHint: {
    id: 'split.mode.exact.hint',
    defaultMessage: 'Type what each person pays.',
    description: 'Under the modes when By amount is chosen',
  },
  percent: { id: 'split.mode.percent', defaultMessage: 'By percent', description: 'Split mode: a percentage per person' },
  percentHint: {
    id: 'split.mode.percent.hint',
    defaultMessage: 'Percentages add up to 100.',
    description: 'Under the modes when By percent is chosen',
  },
  shares: { id: 'split.mode.shares', defaultMessage: 'By shares', description: 'Split mode: a number of shares per person' },
  sharesHint: {
    id: 'split.mode.shares.hint',
    defaultMessage: '2 shares pay twice as much as 1.',
    description: 'Under the modes when By shares is chosen',
  },
});

const MODES: readonly { mode: SplitMode; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { mode: 'EQUAL', label: messages.equal, hint: messages.equalHint },
  { mode: 'EXACT', label: messages.exact, hint: messages.exactHint },
  { mode: 'PERCENT', label: messages.percent, hint: messages.percentHint },
  { mode: 'SHARES', label: messages.shares, hint: messages.sharesHint },
];

interface Props {
  mode: SplitMode;
  /** The total, formatted: the legend says what is being split. */
  total: string;
  onChange: (mode: SplitMode) => void;
}

/** Four choices in one row of segments; only the chosen one explains itself, to keep the setup short on a phone. */
export function ModePicker({ mode, total, onChange }: Props) {
  const t = useT();
  const hint = MODES.find((m) => m.mode === mode)?.hint;
  return (
    <fieldset className="modes" aria-describedby="split-mode-hint">
      <legend>{t(messages.legend, { total })}</legend>
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
            <span className="mode-label">{t(option.label)}</span>
          </label>
        ))}
      </div>
      <p className="hint mode-hint" id="split-mode-hint">
        {hint && t(hint)}
      </p>
    </fieldset>
  );
}
