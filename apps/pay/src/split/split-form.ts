import type { SplitMode } from '../gql/graphql';
import { type ModeSwitchContext, switchModeInputs } from './mode-switch';
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
  | { type: 'chooseMode'; mode: SplitMode; context: ModeSwitchContext }
  | { type: 'addRow'; row: DraftRow }
  | { type: 'removeRow'; rowKey: string }
  | { type: 'saveRefused' };

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
      return { ...state, draft: { mode: action.mode, rows: switchModeInputs(draft.rows, draft.mode, action.mode, action.context) } };
    case 'addRow':
      return { ...state, draft: { ...draft, rows: [...draft.rows, action.row] } };
    case 'removeRow':
      return { ...state, draft: { ...draft, rows: draft.rows.filter((row) => row.key !== action.rowKey) } };
    case 'saveRefused':
      return state.submitted ? state : { ...state, submitted: true };
  }
}

/** Whether a field's own problem is said yet; a row's problem once any of its fields was left. */
export function isProblemShown(state: SplitFormState, rowKey: string, field: RowField): boolean {
  if (state.submitted || state.touched.has(`${rowKey}.${field}`)) return true;
  return field === 'row' && ROW_FIELDS.some((f) => state.touched.has(`${rowKey}.${f}`));
}

function addTo(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  return set.has(key) ? set : new Set(set).add(key);
}
