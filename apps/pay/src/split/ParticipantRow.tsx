import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SplitMode } from '../gql/graphql';
import { InviteByEmail } from '../emails/InviteByEmail';
import { type Translator, useT } from '../i18n/translator';
import { type DraftRow, MAX_DISPLAY_NAME_LENGTH, type RowField } from './split-draft';
import type { RowErrors } from './split-messages';
import { RowInput } from './RowInput';

const messages = defineMessages({
  you: { id: 'split.row.you', defaultMessage: 'You (participant 1)', description: 'Label (for screen readers) of the organiser’s own row' },
  participant: {
    id: 'split.row.participant',
    defaultMessage: 'Participant {n, number}',
    description: 'Label (for screen readers) of a person’s row',
  },
  yourName: { id: 'split.row.yourName', defaultMessage: 'Your name', description: 'The organiser’s name field' },
  name: {
    id: 'split.row.name',
    defaultMessage: 'Name<hidden> of participant {n, number}</hidden>',
    description: 'A person’s name field; the part in <hidden> is read by screen readers only',
  },
  amount: {
    id: 'split.row.amount',
    defaultMessage: 'Amount<hidden> for participant {n, number}</hidden>',
    description: 'A person’s amount field; the part in <hidden> is read by screen readers only',
  },
  percent: {
    id: 'split.row.percent',
    defaultMessage: 'Percent<hidden> for participant {n, number}</hidden>',
    description: 'A person’s percentage field; the part in <hidden> is read by screen readers only',
  },
  shares: {
    id: 'split.row.shares',
    defaultMessage: 'Shares<hidden> for participant {n, number}</hidden>',
    description: 'A person’s number of shares field; the part in <hidden> is read by screen readers only',
  },
  paidLocked: {
    id: 'split.row.paidLocked',
    defaultMessage: 'Paid, locked',
    description: 'Before a paid share, which can no longer change',
  },
  pays: { id: 'split.row.pays', defaultMessage: 'Pays', description: 'Before what a person’s share comes to' },
  yourEmail: { id: 'split.row.yourEmail', defaultMessage: 'Your email (optional)', description: 'The organiser’s email field' },
  email: {
    id: 'split.row.email',
    defaultMessage: 'Email<hidden> of participant {n, number}</hidden> (optional)',
    description: 'A person’s email field; the part in <hidden> is read by screen readers only',
  },
  remove: {
    id: 'split.row.remove',
    defaultMessage: 'Remove participant {n, number}',
    description: 'Label (for screen readers) of the ✕ button',
  },
});

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

const MODE_INPUT: Readonly<Record<SplitMode, { field: ModeField; label: MessageDescriptor; inputMode: 'decimal' | 'numeric' } | null>> = {
  EQUAL: null,
  EXACT: { field: 'amount', label: messages.amount, inputMode: 'decimal' },
  PERCENT: { field: 'percent', label: messages.percent, inputMode: 'decimal' },
  SHARES: { field: 'shares', label: messages.shares, inputMode: 'numeric' },
};

export function inputId(rowKey: string, field: RowField): string {
  return `participant-${rowKey}-${field}`;
}

/**
 * One person: name and their part of the split on the first line, their email (and whether to
 * email them the invite) with Remove beneath. Every label stays visible; every button is 44 px.
 */
export function ParticipantRow(props: Props) {
  const t = useT();
  const { row, n, isHost, mode, paid, share, errors } = props;
  const modeInput = paid === undefined ? MODE_INPUT[mode] : null;
  // Exact amounts are the share itself; the other modes show what their value comes to.
  const showShare = paid !== undefined || mode !== 'EXACT';
  const problems = (['name', 'amount', 'percent', 'shares', 'row'] as const).filter((field) => errors[field] !== undefined);

  return (
    <li className={`participant${paid !== undefined ? ' is-locked' : ''}`}>
      <fieldset>
        <legend className="visually-hidden">{isHost ? t(messages.you) : t(messages.participant, { n })}</legend>
        {/* The host's email sits last on the first line: beside the share on a wide screen, on a line of its own on a phone. */}
        <div className={`participant-line${isHost ? ' with-host-email' : ''}`}>
          <RowInput
            id={inputId(row.key, 'name')}
            className="field-name"
            label={isHost ? t(messages.yourName) : personLabel(t, messages.name, n)}
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
              label={personLabel(t, modeInput.label, n)}
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
              <span className="share-static-label">{t(paid !== undefined ? messages.paidLocked : messages.pays)}</span>{' '}
              <strong className="share-static-value">{share ?? '—'}</strong>
            </p>
          )}
          {isHost && (
            <RowInput
              id={inputId(row.key, 'email')}
              className="field-email field-host-email"
              type="email"
              label={t(messages.yourEmail)}
              value={row.email}
              autoComplete="email"
              error={errors.email}
              onChange={(email) => props.onChange({ email })}
              onEdited={() => props.onEdited('email')}
            />
          )}
        </div>
        {problems.length > 0 && (
          <div className="row-errors">
            {problems.map((field) => (
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
              label={personLabel(t, messages.email, n)}
              value={row.email}
              autoComplete="off"
              error={errors.email}
              onChange={(email) => props.onChange({ email })}
              onEdited={() => props.onEdited('email')}
            />
            {props.removable && (
              <button type="button" className="button-icon" onClick={props.onRemove}>
                <span aria-hidden="true">✕</span>
                <span className="visually-hidden">{t(messages.remove, { n })}</span>
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
function personLabel(t: Translator, label: MessageDescriptor, n: number) {
  return t.rich(label, { n, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> });
}
