import { formatMinorAsMajor } from '@paysplit/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { SplitMode } from '../gql/graphql';
import { errorCodeOf, GraphQLRequestError, execute } from '../graphql/client';
import { ConfigureSessionDocument } from '../graphql/operations';
import { currencyOf, formatMoney, minorFromApi } from '../money';
import { newerView, type PaySessionView, sessionQueryKey } from '../session/session-query';
import {
  blankRow,
  checkSplit,
  distributeDetails,
  draftFromSession,
  type DraftRow,
  fieldKey,
  type FieldErrors,
  formatBasisPoints,
  lockedShares,
  MAX_DISPLAY_NAME_LENGTH,
  type RowField,
  type SplitDraft,
} from './split-draft';

const MODES: readonly { mode: SplitMode; label: string; hint: string }[] = [
  { mode: 'EQUAL', label: 'Equally', hint: 'Everyone pays the same' },
  { mode: 'EXACT', label: 'By amount', hint: 'Type what each person pays' },
  { mode: 'PERCENT', label: 'By percentage', hint: 'Percentages add up to 100' },
  { mode: 'SHARES', label: 'By shares', hint: 'Say 2 shares pays twice as much as 1' },
];

const FIELD_WORDS: Readonly<Record<RowField, string>> = {
  name: 'name',
  email: 'email',
  amount: 'amount',
  percent: 'percentage',
  shares: 'shares',
  row: 'share',
};

interface Props {
  session: PaySessionView;
  /** Called after a successful save, and by "Discard changes" when editing a saved split. */
  onDone?: () => void;
}

/** The host's split setup: participants, mode, a live preview from the domain, and Save. */
export function SplitEditor({ session, onDone }: Props) {
  const currency = currencyOf(session.currency);
  const totalMinor = minorFromApi(session.amountMinor);
  const money = (minor: bigint) => formatMoney(minor, session.currency);

  const [draft, setDraft] = useState<SplitDraft>(() => draftFromSession(session, currency));
  // Empty fields are not scolded until visited; a value that does not read is flagged at once.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<{ fieldErrors: FieldErrors; formErrors: readonly string[] } | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // Locks follow the live session: a payment arriving mid-edit locks that row at once.
  const locked = useMemo(() => lockedShares(session), [session]);
  const check = useMemo(() => checkSplit(draft, totalMinor, currency, locked), [draft, totalMinor, currency, locked]);

  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: NonNullable<typeof check.input>) =>
      execute(ConfigureSessionDocument, { input: { sessionId: session.id, splitMode: draft.mode, participants: input } }),
    onSuccess: ({ configureSession }) => {
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(session.id), (current) => newerView(current, configureSession));
      onDone?.();
    },
    onError: (error) => {
      if (error instanceof GraphQLRequestError && error.code === 'VALIDATION_ERROR') {
        setServerErrors(distributeDetails(error.details, draft.mode, error.message));
      } else {
        setServerErrors({ fieldErrors: {}, formErrors: [saveErrorMessage(errorCodeOf(error))] });
      }
    },
  });

  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(inputId(focusKey, 'name'))?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const update = (change: (draft: SplitDraft) => SplitDraft) => {
    setDraft(change);
    setServerErrors(null);
  };
  const editRow = (key: string, patch: Partial<DraftRow>) =>
    update((d) => ({ ...d, rows: d.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) }));
  const touch = (index: number, field: RowField) =>
    setTouched((t) => (t.has(fieldKey(index, field)) ? t : new Set(t).add(fieldKey(index, field))));

  const setMode = (mode: SplitMode) =>
    update((d) => {
      const unlocked = d.rows.filter((row) => row.participantId === null || !locked.has(row.participantId));
      let rows = d.rows;
      // Starting points that save typing: the current split as amounts, one share each.
      if (mode === 'EXACT' && check.amounts && unlocked.every((row) => row.amount.trim() === '')) {
        const amounts = check.amounts;
        rows = d.rows.map((row, i) => ({ ...row, amount: formatMinorAsMajor(amounts[i] ?? 0n, currency) }));
      } else if (mode === 'SHARES' && unlocked.every((row) => row.shares.trim() === '')) {
        rows = d.rows.map((row) => ({ ...row, shares: '1' }));
      }
      return { mode, rows };
    });

  const addRow = () => {
    const row = blankRow();
    update((d) => ({ ...d, rows: [...d.rows, row] }));
    setFocusKey(row.key);
  };
  const removeRow = (key: string) => {
    update((d) => ({ ...d, rows: d.rows.filter((row) => row.key !== key) }));
    setTouched(new Set());
    addButton.current?.focus();
  };

  const errorFor = (index: number, field: RowField, value: string): string | undefined => {
    const key = fieldKey(index, field);
    const server = serverErrors?.fieldErrors[key];
    if (server) return server;
    const local = check.fieldErrors[key];
    return local && (value.trim() !== '' || touched.has(key) || field === 'row') ? local : undefined;
  };

  const formErrors = [...check.formErrors, ...(serverErrors?.formErrors ?? [])];
  const blocked = check.input === null || save.isPending;
  const firstProblem = Object.keys(check.fieldErrors)[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.input !== null && !save.isPending) save.mutate(check.input);
  };

  return (
    <form className="split-editor" onSubmit={submit} noValidate aria-labelledby="split-heading">
      <h2 id="split-heading">Who is paying</h2>
      <p className="total-line">
        Total to split: <strong>{money(totalMinor)}</strong>
      </p>

      <fieldset className="modes">
        <legend>How to split it</legend>
        <div className="mode-options">
          {MODES.map(({ mode, label, hint }) => (
            <label key={mode} className="mode-option">
              <input type="radio" name="split-mode" value={mode} checked={draft.mode === mode} onChange={() => setMode(mode)} />
              <span className="mode-label">{label}</span>
              <span className="mode-hint">{hint}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <ol className="participants">
        {draft.rows.map((row, index) => {
          const n = index + 1;
          const isHost = index === 0;
          const paid = row.participantId === null ? undefined : locked.get(row.participantId);
          const share = check.amounts?.[index];
          const rowError = errorFor(index, 'row', '');
          return (
            <li key={row.key} className={`participant${paid !== undefined ? ' is-locked' : ''}`}>
              <fieldset>
                <legend>
                  Participant {n}
                  {isHost && <span className="tag">You, the organiser</span>}
                  {paid !== undefined && <span className="tag tag-paid">Paid · locked</span>}
                </legend>

                <TextField
                  id={inputId(row.key, 'name')}
                  label="Name"
                  hiddenLabel={` of participant ${n}`}
                  value={row.name}
                  placeholder={isHost ? 'Your name' : undefined}
                  autoComplete={isHost ? 'name' : 'off'}
                  maxLength={MAX_DISPLAY_NAME_LENGTH}
                  error={errorFor(index, 'name', row.name)}
                  onChange={(name) => editRow(row.key, { name })}
                  onBlur={() => touch(index, 'name')}
                />
                {!isHost && (
                  <TextField
                    id={inputId(row.key, 'email')}
                    label="Email"
                    hiddenLabel={` of participant ${n}`}
                    labelSuffix=" (optional)"
                    type="email"
                    value={row.email}
                    autoComplete="off"
                    error={errorFor(index, 'email', row.email)}
                    onChange={(email) => editRow(row.key, { email })}
                    onBlur={() => touch(index, 'email')}
                  />
                )}

                {paid === undefined && draft.mode === 'EXACT' && (
                  <TextField
                    id={inputId(row.key, 'amount')}
                    label="Amount"
                    hiddenLabel={` for participant ${n}`}
                    prefix={currency.code}
                    inputMode="decimal"
                    value={row.amount}
                    placeholder={currency.exponent === 0 ? '0' : `0.${'0'.repeat(currency.exponent)}`}
                    error={errorFor(index, 'amount', row.amount)}
                    invalidTogether={check.formErrors.length > 0}
                    onChange={(amount) => editRow(row.key, { amount })}
                    onBlur={() => touch(index, 'amount')}
                  />
                )}
                {paid === undefined && draft.mode === 'PERCENT' && (
                  <TextField
                    id={inputId(row.key, 'percent')}
                    label="Percent"
                    hiddenLabel={` for participant ${n}`}
                    suffix="%"
                    inputMode="decimal"
                    value={row.percent}
                    error={errorFor(index, 'percent', row.percent)}
                    invalidTogether={check.formErrors.length > 0}
                    onChange={(percent) => editRow(row.key, { percent })}
                    onBlur={() => touch(index, 'percent')}
                  />
                )}
                {paid === undefined && draft.mode === 'SHARES' && (
                  <TextField
                    id={inputId(row.key, 'shares')}
                    label="Shares"
                    hiddenLabel={` for participant ${n}`}
                    inputMode="numeric"
                    value={row.shares}
                    error={errorFor(index, 'shares', row.shares)}
                    invalidTogether={check.formErrors.length > 0}
                    onChange={(shares) => editRow(row.key, { shares })}
                    onBlur={() => touch(index, 'shares')}
                  />
                )}

                {(paid !== undefined || share != null) && (
                  <p className="share-preview" data-testid={`share-${n}`}>
                    {paid !== undefined ? 'Paid ' : 'Pays '}
                    <strong>{money(paid ?? share ?? 0n)}</strong>
                  </p>
                )}
                {rowError && (
                  <p className="field-error" id={`${inputId(row.key, 'row')}-error`}>
                    {rowError}
                  </p>
                )}

                {!isHost && paid === undefined && (
                  <button type="button" className="button-quiet" onClick={() => removeRow(row.key)}>
                    Remove<span className="visually-hidden"> participant {n}</span>
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>

      <button type="button" className="button-secondary" ref={addButton} onClick={addRow}>
        Add participant
      </button>

      <div className="split-summary" aria-live="polite">
        {draft.mode === 'EXACT' && check.assignedMinor !== null && (
          <p>
            Assigned {money(check.assignedMinor)} of {money(totalMinor)}
            {check.assignedMinor < totalMinor && ` · ${money(totalMinor - check.assignedMinor)} left`}
            {check.assignedMinor > totalMinor && ` · ${money(check.assignedMinor - totalMinor)} too much`}
          </p>
        )}
        {draft.mode === 'PERCENT' && check.percentTotal !== null && <p>Percentages add up to {formatBasisPoints(check.percentTotal)} %</p>}
        <div id="split-form-error">
          {formErrors.map((message) => (
            <p key={message} className="form-error">
              {message}
            </p>
          ))}
        </div>
      </div>

      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={blocked}>
          {save.isPending ? 'Saving…' : 'Save split'}
        </button>
        {onDone && session.status !== 'UNCONFIGURED' && (
          <button type="button" className="button-secondary" onClick={onDone}>
            Discard changes
          </button>
        )}
      </div>
      {check.input === null && firstProblem !== undefined && formErrors.length === 0 && (
        <p className="hint">
          To save, check participant {problemIndex(firstProblem)}’s {problemField(firstProblem)}.
        </p>
      )}
    </form>
  );
}

function inputId(rowKey: string, field: RowField): string {
  return `participant-${rowKey}-${field}`;
}

function problemIndex(key: string): number {
  return Number(key.split('.')[0]) + 1;
}

function problemField(key: string): string {
  return FIELD_WORDS[(key.split('.')[1] ?? 'row') as RowField];
}

function saveErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'INVALID_STATE':
    case 'SESSION_NOT_PAYABLE':
      return 'This payment can no longer be changed.';
    case 'FORBIDDEN':
    case 'UNAUTHENTICATED':
      return 'Only the organiser can change the split. Open the organiser’s link again.';
    case 'NETWORK_ERROR':
      return 'No connection. Check your internet and press Save split again.';
    default:
      return 'The split could not be saved. Please try again.';
  }
}

interface TextFieldProps {
  id: string;
  label: string;
  /** Completes the accessible name ("Name of participant 2") without cluttering the card. */
  hiddenLabel: string;
  labelSuffix?: string;
  value: string;
  error: string | undefined;
  /** Marks the input invalid when the values fail together (a sum that is off). */
  invalidTogether?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: 'text' | 'email';
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string | undefined;
  autoComplete?: string;
  maxLength?: number;
  prefix?: string;
  suffix?: string;
}

function TextField(props: TextFieldProps) {
  const { id, error, invalidTogether = false } = props;
  const describedBy = [error ? `${id}-error` : null, invalidTogether ? 'split-form-error' : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {props.label}
        <span className="visually-hidden">{props.hiddenLabel}</span>
        {props.labelSuffix}
      </label>
      <div className="input-wrap">
        {props.prefix && (
          <span className="input-affix" aria-hidden="true">
            {props.prefix}
          </span>
        )}
        <input
          id={id}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          value={props.value}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          aria-invalid={error || invalidTogether ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
        {props.suffix && (
          <span className="input-affix" aria-hidden="true">
            {props.suffix}
          </span>
        )}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
