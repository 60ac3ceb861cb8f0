import { type Currency, formatMinorAsMajor } from '@paysplit/domain';
import type { SplitMode } from '../gql/graphql';
import type { DraftRow, RowField, SplitDraft } from './split-draft';

/** The split editor's state: the draft, and what decides when a field's problems are said. */
export interface SplitFormState {
  draft: SplitDraft;
  /** `rowKey.field` of every field typed in. */
  edited: ReadonlySet<string>;
  /** Of those, the ones left since: their problems are said from now on, never on a row not reached yet. */
  touched: ReadonlySet<string>;
  /** Save was pressed while the split did not check out: every problem is said. */
  submitted: boolean;
}

export type SplitFormAction =
  | { type: 'editRow'; rowKey: string; patch: Partial<DraftRow> }
  | { type: 'leaveField'; rowKey: string; field: RowField }
  | { type: 'chooseMode'; mode: SplitMode; start: ModeStart }
  | { type: 'addRow'; row: DraftRow }
  | { type: 'removeRow'; rowKey: string }
  | { type: 'moveRow'; rowKey: string; to: number }
  | { type: 'saveRefused' };

/** What a new mode's inputs may start from: the split as it stands, and whose shares are paid. */
export interface ModeStart {
  amounts: readonly bigint[] | null;
  locked: ReadonlyMap<string, bigint>;
  currency: Currency;
}

export const ROW_FIELDS: readonly RowField[] = ['name', 'email', 'amount', 'percent', 'shares', 'row'];

export function initialSplitForm(draft: SplitDraft): SplitFormState {
  return { draft, edited: new Set(), touched: new Set(), submitted: false };
}

export function splitFormReducer(state: SplitFormState, action: SplitFormAction): SplitFormState {
  const { draft } = state;
  switch (action.type) {
    case 'editRow': {
      const rows = draft.rows.map((row) => (row.key === action.rowKey ? { ...row, ...action.patch } : row));
      const edited = Object.keys(action.patch).reduce((set, field) => addTo(set, `${action.rowKey}.${field}`), state.edited);
      return { ...state, draft: { ...draft, rows }, edited };
    }
    case 'leaveField': {
      const key = `${action.rowKey}.${action.field}`;
      return state.edited.has(key) ? { ...state, touched: addTo(state.touched, key) } : state;
    }
    case 'chooseMode':
      return { ...state, draft: { mode: action.mode, rows: startingInputs(draft.rows, action.mode, action.start) } };
    case 'addRow':
      return { ...state, draft: { ...draft, rows: [...draft.rows, action.row] } };
    case 'removeRow':
      return { ...state, draft: { ...draft, rows: draft.rows.filter((row) => row.key !== action.rowKey) } };
    case 'moveRow': {
      const from = draft.rows.findIndex((row) => row.key === action.rowKey);
      return from < 0 ? state : { ...state, draft: { ...draft, rows: moveItem(draft.rows, from, action.to) } };
    }
    case 'saveRefused':
      return state.submitted ? state : { ...state, submitted: true };
  }
}

/** Whether a field's own problem is said yet; a row's problem once any of its fields was left. */
export function isProblemShown(state: SplitFormState, rowKey: string, field: RowField): boolean {
  if (state.submitted || state.touched.has(`${rowKey}.${field}`)) return true;
  return field === 'row' && ROW_FIELDS.some((f) => state.touched.has(`${rowKey}.${f}`));
}

/** Starting points that save typing when the mode changes: the current split as amounts, one share each. */
function startingInputs(rows: DraftRow[], mode: SplitMode, { amounts, locked, currency }: ModeStart): DraftRow[] {
  const unlocked = rows.filter((row) => row.participantId === null || !locked.has(row.participantId));
  if (mode === 'EXACT' && amounts && unlocked.every((row) => row.amount.trim() === '')) {
    return rows.map((row, i) => ({ ...row, amount: formatMinorAsMajor(amounts[i] ?? 0n, currency) }));
  }
  if (mode === 'SHARES' && unlocked.every((row) => row.shares.trim() === '')) {
    return rows.map((row) => ({ ...row, shares: '1' }));
  }
  return rows;
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
