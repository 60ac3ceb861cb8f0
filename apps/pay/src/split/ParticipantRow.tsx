import type { SplitMode } from '../gql/graphql';
import { InviteByEmail } from '../emails/InviteByEmail';
import { type DraftRow, MAX_DISPLAY_NAME_LENGTH, type RowField } from './split-draft';
import type { RowErrors } from './split-messages';
import { RowInput } from './RowInput';

interface Props {
  row: DraftRow;
  /** 1-based, as people count. */
  n: number;
  isHost: boolean;
  mode: SplitMode;
  /** A paid participant's locked share. */
  paid: bigint | undefined;
  /** The domain's preview of this row's share, formatted; null while the split does not work out. */
  share: string | null;
  errors: RowErrors;
  /** Whether the row offers Remove (never the host, never a paid share). */
  removable: boolean;
  onChange: (patch: Partial<DraftRow>) => void;
  onEdited: (field: RowField) => void;
  onRemove: () => void;
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

/**
 * One person: name and their part of the split on the first line, their email (and whether to
 * email them the invite) with Remove beneath. Every label stays visible; every button is 44 px.
 */
export function ParticipantRow(props: Props) {
  const { row, n, isHost, mode, paid, share, errors } = props;
  const modeInput = paid === undefined ? MODE_INPUT[mode] : null;
  // Exact amounts are the share itself; the other modes show what their value comes to.
  const showShare = paid !== undefined || mode !== 'EXACT';
  const messages = (['name', 'amount', 'percent', 'shares', 'row'] as const).filter((field) => errors[field] !== undefined);

  return (
    <li className={`participant${paid !== undefined ? ' is-locked' : ''}`}>
      <fieldset>
        <legend className="visually-hidden">{isHost ? 'You (participant 1)' : `Participant ${n}`}</legend>
        {/* The host's email sits last on the first line: beside the share on a wide screen, on a line of its own on a phone. */}
        <div className={`participant-line${isHost ? ' with-host-email' : ''}`}>
          <RowInput
            id={inputId(row.key, 'name')}
            className="field-name"
            label={isHost ? 'Your name' : <PersonLabel text="Name" detail={` of participant ${n}`} />}
            value={row.name}
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
              label={<PersonLabel text={modeInput.label} detail={` for participant ${n}`} />}
              value={row[modeInput.field]}
              inputMode={modeInput.inputMode}
              error={errors[modeInput.field]}
              describedBySummary
              onChange={(value) => props.onChange({ [modeInput.field]: value })}
              onEdited={() => props.onEdited(modeInput.field)}
            />
          )}
          {showShare && (
            <p className="share-static" data-testid={`share-${n}`}>
              <span className="share-static-label">{paid !== undefined ? 'Paid, locked' : 'Pays'}</span>{' '}
              <strong className="share-static-value">{share ?? '—'}</strong>
            </p>
          )}
          {isHost && (
            <RowInput
              id={inputId(row.key, 'email')}
              className="field-email field-host-email"
              type="email"
              label="Your email (optional)"
              value={row.email}
              autoComplete="email"
              error={errors.email}
              onChange={(email) => props.onChange({ email })}
              onEdited={() => props.onEdited('email')}
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
        {!isHost && (
          <div className="participant-line">
            <RowInput
              id={inputId(row.key, 'email')}
              className="field-email"
              type="email"
              label={
                <>
                  <PersonLabel text="Email" detail={` of participant ${n}`} /> (optional)
                </>
              }
              value={row.email}
              autoComplete="off"
              error={errors.email}
              onChange={(email) => props.onChange({ email })}
              onEdited={() => props.onEdited('email')}
            />
            {props.removable && (
              <button type="button" className="button-icon" onClick={props.onRemove}>
                <span aria-hidden="true">✕</span>
                <span className="visually-hidden">Remove participant {n}</span>
              </button>
            )}
          </div>
        )}
        {errors.email && (
          <p className="field-error" id={`${inputId(row.key, 'email')}-error`}>
            {errors.email}
          </p>
        )}
        {!isHost && paid === undefined && <InviteByEmail row={row} n={n} onChange={(sendInvite) => props.onChange({ sendInvite })} />}
      </fieldset>
    </li>
  );
}

/** "Name", with who it is about for screen readers ("Name of participant 2"). */
function PersonLabel({ text, detail }: { text: string; detail: string }) {
  return (
    <>
      {text}
      <span className="visually-hidden">{detail}</span>
    </>
  );
}
