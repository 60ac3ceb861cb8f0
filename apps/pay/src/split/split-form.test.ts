import { requireCurrency } from '@paysplit/domain';
import { describe, expect, it } from 'vitest';
import type { DraftRow } from './split-draft';
import { initialSplitForm, isProblemShown, splitFormReducer, type SplitFormState } from './split-form';

const NZD = requireCurrency('NZD');
const none = new Map<string, bigint>();

function row(key: string, values: Partial<DraftRow> = {}): DraftRow {
  return { key, participantId: null, name: '', email: '', amount: '', percent: '', shares: '', ...values };
}

const threeRows = (): SplitFormState => initialSplitForm({ mode: 'EQUAL', rows: [row('a'), row('b'), row('c')] });

describe('the split form', () => {
  it('says a field’s problem once it was typed in and left, a row’s once any of its fields was', () => {
    let state = threeRows();
    state = splitFormReducer(state, { type: 'leaveField', rowKey: 'b', field: 'name' });
    expect(isProblemShown(state, 'b', 'name')).toBe(false);
    state = splitFormReducer(state, { type: 'editRow', rowKey: 'b', patch: { name: 'Alex' } });
    expect(state.draft.rows[1]?.name).toBe('Alex');
    expect(isProblemShown(state, 'b', 'name')).toBe(false);
    state = splitFormReducer(state, { type: 'leaveField', rowKey: 'b', field: 'name' });
    expect(isProblemShown(state, 'b', 'name')).toBe(true);
    expect(isProblemShown(state, 'b', 'row')).toBe(true);
    expect(isProblemShown(state, 'b', 'email')).toBe(false);
    expect(isProblemShown(state, 'c', 'name')).toBe(false);
  });

  it('says every problem once Save was refused', () => {
    const state = splitFormReducer(threeRows(), { type: 'saveRefused' });
    expect(isProblemShown(state, 'c', 'amount')).toBe(true);
  });

  it('adds, moves and removes rows by key', () => {
    let state = splitFormReducer(threeRows(), { type: 'addRow', row: row('d') });
    state = splitFormReducer(state, { type: 'moveRow', rowKey: 'd', to: 1 });
    expect(state.draft.rows.map((r) => r.key)).toEqual(['a', 'd', 'b', 'c']);
    state = splitFormReducer(state, { type: 'removeRow', rowKey: 'b' });
    expect(state.draft.rows.map((r) => r.key)).toEqual(['a', 'd', 'c']);
  });

  it('starts exact amounts from the split as it stands, and shares at one each, when those inputs are empty', () => {
    const amounts = [3334n, 3333n, 3333n];
    const exact = splitFormReducer(threeRows(), { type: 'chooseMode', mode: 'EXACT', start: { amounts, locked: none, currency: NZD } });
    expect(exact.draft.mode).toBe('EXACT');
    expect(exact.draft.rows.map((r) => r.amount)).toEqual(['33.34', '33.33', '33.33']);
    const shares = splitFormReducer(threeRows(), { type: 'chooseMode', mode: 'SHARES', start: { amounts, locked: none, currency: NZD } });
    expect(shares.draft.rows.map((r) => r.shares)).toEqual(['1', '1', '1']);
  });

  it('keeps what was typed when the mode changes back', () => {
    const typed = initialSplitForm({ mode: 'EQUAL', rows: [row('a', { amount: '50' }), row('b')] });
    const exact = splitFormReducer(typed, {
      type: 'chooseMode',
      mode: 'EXACT',
      start: { amounts: [5000n, 5000n], locked: none, currency: NZD },
    });
    expect(exact.draft.rows.map((r) => r.amount)).toEqual(['50', '']);
  });
});
