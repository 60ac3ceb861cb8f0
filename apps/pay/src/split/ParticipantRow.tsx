import type { Currency } from '@paysplit/domain';
import { useState } from 'react';
import type { SplitMode } from '../gql/graphql';
import { InviteByEmail } from '../emails/InviteByEmail';
import { type DraftRow, MAX_DISPLAY_NAME_LENGTH, type RowField } from './split-draft';
import type { RowErrors } from './split-messages';
import { RowInput } from './RowInput';

export type RowAction = 'up' | 'down' | 'remove';

interface Props {
  row: DraftRow;
  /** 1-based, as people count. */
  n: number;
  isHost: boolean;
  mode: SplitMode;
  currency: Currency;
  /** A paid participant's locked share. */
  paid: bigint | undefined;
  /** The domain's preview of this row's share, formatted; null while the split does not work out. */
  share: string | null;
  errors: RowErrors;
  /** Which of move up, move down and remove this row offers. */
  actions: ReadonlySet<RowAction>;
  onChange: (patch: Partial<DraftRow>) => void;
  onEdited: (field: RowField) => void;
  onAction: (action: RowAction) => void;
}

type ModeField = 'amount' | 'percent' | 'shares';

const MODE_INPUT: Readonly<Record<SplitMode, { field: ModeField; label: string; inputMode: 'decimal' | 'numeric' } | null>> = {
  EQUAL: null,
  EXACT: { field: 'amount', label: 'Amount', inputMode: 'decimal' },
  PERCENT: { field: 'percent', label: 'Percent', inputMode: 'decimal' },
  SHARES: { field: 'shares', label: 'Shares', inputMode: 'numeric' },
};

export function inputId(rowKey: string, field: RowField): string {
  return `participant-${rowKey}-${field}`;
}

const ACTION_TEXT: Readonly<Record<RowAction, { glyph: string; name: (n: number) => string }>> = {
  up: { glyph: '↑', name: (n) => `Move participant ${n} up` },
  down: { glyph: '↓', name: (n) => `Move participant ${n} down` },
  remove: { glyph: '✕', name: (n) => `Remove participant ${n}` },
};

/** One person on one line: name and their part of the split; email and moves beneath, out of the way. */
export function ParticipantRow(props: Props) {
  const { row, n, isHost, mode, currency, paid, share, errors, actions } = props;
  const [emailOpen, setEmailOpen] = useState(row.email !== '');
  const showEmail = !isHost && (emailOpen || errors.email !== undefined);
  const modeInput = paid === undefined ? MODE_INPUT[mode] : null;
  const messages = (['name', 'amount', 'percent', 'shares', 'row'] as const).filter((field) => errors[field] !== undefined);

  return (
    <li className={`participant${paid !== undefined ? ' is-locked' : ''}`}>
      <fieldset>
        <legend className="visually-hidden">Participant {n}</legend>
        <div className="participant-main">
          <RowInput
            id={inputId(row.key, 'name')}
            className="field-name"
            label={`Name of participant ${n}`}
            value={row.name}
            placeholder={isHost ? 'Your name' : 'Name'}
            autoComplete={isHost ? 'name' : 'off'}
            maxLength={MAX_DISPLAY_NAME_LENGTH}
            error={errors.name}
            onChange={(name) => props.onChange({ name })}
            onEdited={() => props.onEdited('name')}
          />
          {modeInput && (
            <RowInput
              id={inputId(row.key, modeInput.field)}
              className={`field-${modeInput.field}`}
              label={`${modeInput.label} for participant ${n}`}
              value={row[modeInput.field]}
              inputMode={modeInput.inputMode}
              placeholder={
                modeInput.field === 'amount' ? (currency.exponent === 0 ? '0' : `0.${'0'.repeat(currency.exponent)}`) : undefined
              }
              prefix={modeInput.field === 'amount' ? currency.code : undefined}
              suffix={modeInput.field === 'percent' ? '%' : undefined}
              error={errors[modeInput.field]}
              onChange={(value) => props.onChange({ [modeInput.field]: value })}
              onEdited={() => props.onEdited(modeInput.field)}
            />
          )}
        </div>
        {messages.length > 0 && (
          <div className="row-errors">
            {messages.map((field) => (
              <p key={field} className="field-error" id={`${inputId(row.key, field)}-error`}>
                {errors[field]}
              </p>
            ))}
          </div>
        )}
        {showEmail && (
          <div className="field participant-email">
            <label htmlFor={inputId(row.key, 'email')}>
              Email<span className="visually-hidden"> of participant {n}</span> (optional)
            </label>
            <input
              id={inputId(row.key, 'email')}
              type="email"
              value={row.email}
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${inputId(row.key, 'email')}-error` : undefined}
              onChange={(event) => props.onChange({ email: event.target.value })}
              onBlur={() => props.onEdited('email')}
            />
            {errors.email && (
              <p className="field-error" id={`${inputId(row.key, 'email')}-error`}>
                {errors.email}
              </p>
            )}
            {paid === undefined && <InviteByEmail row={row} n={n} onChange={(sendInvite) => props.onChange({ sendInvite })} />}
          </div>
        )}
        <div className="participant-tools">
          <p className="share-preview" data-testid={`share-${n}`}>
            {isHost && <span className="tag">You</span>}
            {paid !== undefined ? (
              <span className="tag tag-paid">Paid {share} · locked</span>
            ) : (
              <span>
                Pays <strong>{share ?? '—'}</strong>
              </span>
            )}
          </p>
          {!isHost && (
            <button
              type="button"
              className="button-tool button-text"
              aria-expanded={showEmail}
              aria-controls={showEmail ? inputId(row.key, 'email') : undefined}
              onClick={() => setEmailOpen((open) => !open)}
            >
              Email<span className="visually-hidden"> of participant {n}</span>
            </button>
          )}
          {(['up', 'down', 'remove'] as const).map((action) =>
            actions.has(action) ? (
              <button
                key={action}
                type="button"
                className="button-tool"
                data-action={`${action}-${row.key}`}
                onClick={() => props.onAction(action)}
              >
                <span aria-hidden="true">{ACTION_TEXT[action].glyph}</span>
                <span className="visually-hidden">{ACTION_TEXT[action].name(n)}</span>
              </button>
            ) : (
              <span key={action} className="button-tool-space" aria-hidden="true" />
            ),
          )}
        </div>
      </fieldset>
    </li>
  );
}
