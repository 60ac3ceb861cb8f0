import { type Currency, formatMinorAsMajor } from '@paysplit/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { SplitMode } from '../gql/graphql';
import { currencyOf, formatMoney, minorFromApi } from '../money';
import type { PaySessionView } from '../session/session-query';
import { ModePicker } from './ModePicker';
import { inputId, ParticipantRow, type RowAction, type RowErrors } from './ParticipantRow';
import {
  blankRow,
  checkSplit,
  draftFromSession,
  type DraftRow,
  fieldKey,
  type FieldErrors,
  lockedShares,
  MODE_FIELD,
  parseAmountInput,
  type RowField,
  type SplitDraft,
} from './split-draft';
import { SplitSummary, summarySaysSumIsOff } from './SplitSummary';
import { useSaveSplit } from './use-save-split';

interface Props {
  session: PaySessionView;
  /** Called after a successful save, and by "Discard changes" when editing a saved split. */
  onDone?: () => void;
}

const ROW_FIELDS: readonly RowField[] = ['name', 'email', 'amount', 'percent', 'shares', 'row'];

/** What to focus once React has drawn the change: an element id, or a row's action button. */
type FocusTarget = { id: string } | { action: RowAction; rowKey: string };

/** The host's split setup: one line per person, the mode, what is left to assign, and Save. */
export function SplitEditor({ session, onDone }: Props) {
  const currency = currencyOf(session.currency);
  const totalMinor = minorFromApi(session.amountMinor);
  const money = (minor: bigint) => formatMoney(minor, session.currency);

  const [draft, setDraft] = useState<SplitDraft>(() => draftFromSession(session, currency));
  // A field's problems are said once the person typed there and left it, or pressed Save:
  // never on a row they have not reached yet.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  // Locks follow the live session: a payment arriving mid-edit locks that row at once.
  const locked = useMemo(() => lockedShares(session), [session]);
  const check = useMemo(() => checkSplit(draft, totalMinor, currency, locked), [draft, totalMinor, currency, locked]);

  const save = useSaveSplit(session, draft.mode, onDone);
  const serverErrors = save.serverErrors;

  useEffect(() => {
    if (focusTarget === null) return;
    const element =
      'id' in focusTarget
        ? document.getElementById(focusTarget.id)
        : document.querySelector<HTMLElement>(`[data-action="${focusTarget.action}-${focusTarget.rowKey}"]`);
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (change: (draft: SplitDraft) => SplitDraft) => {
    setDraft(change);
    save.clearServerErrors();
  };
  const editRow = (key: string, patch: Partial<DraftRow>) => {
    update((d) => ({ ...d, rows: d.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) }));
    for (const field of Object.keys(patch)) setEdited((e) => addTo(e, `${key}.${field}`));
  };
  const leaveField = (key: string, field: RowField) => {
    if (edited.has(`${key}.${field}`)) setTouched((t) => addTo(t, `${key}.${field}`));
  };

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
    // A fresh row per press, made inside the update so two quick presses add two rows.
    const row = blankRow();
    update((d) => ({ ...d, rows: [...d.rows, row] }));
    setFocusTarget({ id: inputId(row.key, 'name') });
  };

  const rowAction = (key: string, action: RowAction) => {
    const index = draft.rows.findIndex((row) => row.key === key);
    if (index < 0) return;
    if (action === 'remove') {
      const next = draft.rows[index + 1];
      update((d) => ({ ...d, rows: d.rows.filter((row) => row.key !== key) }));
      setFocusTarget({ id: next ? inputId(next.key, 'name') : 'add-participant' });
      return;
    }
    const to = action === 'up' ? index - 1 : index + 1;
    update((d) => ({ ...d, rows: moveItem(d.rows, index, to) }));
    // Keep the finger on the same button; at the end of the line it is gone, so take its partner.
    const stillThere = action === 'up' ? to > 1 : to < draft.rows.length - 1;
    setFocusTarget({ action: stillThere ? action : action === 'up' ? 'down' : 'up', rowKey: key });
  };

  const showLocal = (row: DraftRow, field: RowField) =>
    submitted || touched.has(`${row.key}.${field}`) || (field === 'row' && ROW_FIELDS.some((f) => touched.has(`${row.key}.${f}`)));
  const errorsFor = (row: DraftRow, index: number): RowErrors => {
    const errors: RowErrors = {};
    for (const field of ROW_FIELDS) {
      const key = fieldKey(index, field);
      const message = serverErrors?.fieldErrors[key] ?? (showLocal(row, field) ? check.fieldErrors[key] : undefined);
      if (message !== undefined) errors[field] = message;
    }
    return errors;
  };

  const sumOff = summarySaysSumIsOff(draft.mode, check, totalMinor);
  const messages = [
    ...(!sumOff && (submitted || touched.size > 0) ? check.formErrors : []),
    ...(serverErrors?.formErrors ?? []),
    ...(submitted && sumOff ? ['Make the split add up to the total to save it.'] : []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (check.input !== null) {
      save.mutate(check.input);
      return;
    }
    setSubmitted(true);
    setFocusTarget({ id: firstProblemInput(draft, check.fieldErrors) });
  };

  return (
    <form className="split-editor" onSubmit={submit} noValidate aria-labelledby="split-heading">
      <h2 id="split-heading">Who is paying</h2>
      <p className="total-line">
        Total to split: <strong>{money(totalMinor)}</strong>
      </p>

      <ModePicker mode={draft.mode} onChange={setMode} />

      <ol className="participants" aria-label="People paying">
        {draft.rows.map((row, index) => {
          const paid = row.participantId === null ? undefined : locked.get(row.participantId);
          // While exact amounts do not add up yet, each still shows what that person would pay.
          const share = paid ?? check.amounts?.[index] ?? (draft.mode === 'EXACT' ? typedAmount(row.amount, currency) : undefined);
          const actions = new Set<RowAction>();
          if (index > 1) actions.add('up');
          if (index > 0 && index < draft.rows.length - 1) actions.add('down');
          if (index > 0 && paid === undefined) actions.add('remove');
          return (
            <ParticipantRow
              key={row.key}
              row={row}
              n={index + 1}
              isHost={index === 0}
              mode={draft.mode}
              currency={currency}
              paid={paid}
              share={share == null ? null : money(share)}
              errors={errorsFor(row, index)}
              actions={actions}
              onChange={(patch) => editRow(row.key, patch)}
              onEdited={(field) => leaveField(row.key, field)}
              onAction={(action) => rowAction(row.key, action)}
            />
          );
        })}
      </ol>

      <button type="button" id="add-participant" className="button-secondary button-add" onClick={addRow}>
        Add participant
      </button>

      <SplitSummary mode={draft.mode} check={check} totalMinor={totalMinor} currencyCode={session.currency} messages={messages} />

      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save split'}
        </button>
        {onDone && session.status !== 'UNCONFIGURED' && (
          <button type="button" className="button-secondary" onClick={onDone}>
            Discard changes
          </button>
        )}
      </div>
    </form>
  );
}

function typedAmount(text: string, currency: Currency): bigint | undefined {
  const parsed = parseAmountInput(text, currency);
  return parsed.ok ? parsed.value : undefined;
}

function addTo(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  return set.has(key) ? set : new Set(set).add(key);
}

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}

/** The input of the first problem, so Save takes the person straight to it. */
function firstProblemInput(draft: SplitDraft, errors: FieldErrors): string {
  const [first] = Object.keys(errors);
  if (first === undefined) {
    const row = draft.rows.find((r) => document.getElementById(inputId(r.key, MODE_FIELD[draft.mode])));
    return row ? inputId(row.key, MODE_FIELD[draft.mode]) : 'add-participant';
  }
  const [index, field] = first.split('.');
  const row = draft.rows[Number(index)];
  if (row === undefined) return 'add-participant';
  return inputId(row.key, field === 'row' ? 'name' : (field as RowField));
}
