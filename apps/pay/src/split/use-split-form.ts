import { type FormEvent, useMemo, useReducer } from 'react';
import type { SplitMode } from '../gql/graphql';
import { useT } from '../i18n/translator';
import { currencyOf, minorFromApi } from '../money';
import type { PaySessionView } from '../session/session-query';
import { inputId } from './ParticipantRow';
import {
  blankRow,
  checkSplit,
  draftFromSession,
  type DraftRow,
  type FieldErrors,
  lockedShares,
  MODE_FIELD,
  type RowField,
  type SplitDraft,
} from './split-draft';
import { initialSplitForm, isProblemShown, splitFormReducer, type SplitFormAction } from './split-form';
import { formMessages, rowErrors } from './split-messages';
import { summarySaysSumIsOff } from './SplitSummary';
import { useFocusAfterRender } from './use-focus-after-render';
import { useSaveSplit } from './use-save-split';

/**
 * The split editor's form: the draft checked by the domain as it is typed, which problems are
 * said where, where focus goes after each change, and saving.
 */
export function useSplitForm(session: PaySessionView, onDone: (() => void) | undefined) {
  const t = useT();
  const currency = useMemo(() => currencyOf(session.currency), [session.currency]);
  const totalMinor = minorFromApi(session.amountMinor);
  const [state, dispatch] = useReducer(splitFormReducer, session, (first) =>
    initialSplitForm(draftFromSession(first, currencyOf(first.currency), t.locale)),
  );
  const { draft } = state;

  // Locks follow the live session: a payment arriving mid-edit locks that row at once.
  const locked = useMemo(() => lockedShares(session), [session]);
  const check = useMemo(() => checkSplit(draft, totalMinor, currency, locked, t), [draft, totalMinor, currency, locked, t]);
  const save = useSaveSplit(session, draft.mode, onDone);
  const focusAfterRender = useFocusAfterRender();

  const change = (action: SplitFormAction) => {
    dispatch(action);
    save.clearServerErrors();
  };

  const addRow = () => {
    // A fresh row per press, so two quick presses add two rows.
    const row = blankRow();
    change({ type: 'addRow', row });
    focusAfterRender(inputId(row.key, 'name'));
  };

  const removeRow = (rowKey: string) => {
    const index = draft.rows.findIndex((row) => row.key === rowKey);
    if (index < 0) return;
    // Focus goes to the row that takes its place, or to Add participant after the last.
    const next = draft.rows[index + 1];
    change({ type: 'removeRow', rowKey });
    focusAfterRender(next ? inputId(next.key, 'name') : 'add-participant');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (check.input !== null) {
      save.mutate(check.input);
      return;
    }
    dispatch({ type: 'saveRefused' });
    focusAfterRender(firstProblemInput(draft, check.fieldErrors));
  };

  const sumOff = summarySaysSumIsOff(draft.mode, check, totalMinor);
  return {
    draft,
    currency,
    totalMinor,
    locked,
    check,
    isSaving: save.isPending,
    errorsFor: (row: DraftRow, index: number) =>
      rowErrors(index, check, save.serverErrors, (field) => isProblemShown(state, row.key, field)),
    messages: formMessages(t, {
      check,
      serverErrors: save.serverErrors,
      summarySaysSumIsOff: sumOff,
      submitted: state.submitted,
      anyTouched: state.touched.size > 0,
    }),
    editRow: (rowKey: string, patch: Partial<DraftRow>) => change({ type: 'editRow', rowKey, patch }),
    leaveField: (rowKey: string, field: RowField) => dispatch({ type: 'leaveField', rowKey, field }),
    chooseMode: (mode: SplitMode) => change({ type: 'chooseMode', mode, context: { totalMinor, locked, currency, locale: t.locale } }),
    addRow,
    removeRow,
    submit,
  };
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
