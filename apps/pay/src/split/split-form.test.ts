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

  it('adds and removes rows by key', () => {
    let state = splitFormReducer(threeRows(), { type: 'addRow', row: row('d') });
    expect(state.draft.rows.map((r) => r.key)).toEqual(['a', 'b', 'c', 'd']);
    state = splitFormReducer(state, { type: 'removeRow', rowKey: 'b' });
    expect(state.draft.rows.map((r) => r.key)).toEqual(['a', 'c', 'd']);
  });

  it('carries the split into the new mode’s inputs when the mode changes', () => {
    const context = { totalMinor: 10_000n, locked: none, currency: NZD };
    const exact = splitFormReducer(threeRows(), { type: 'chooseMode', mode: 'EXACT', context });
    expect(exact.draft.mode).toBe('EXACT');
    expect(exact.draft.rows.map((r) => r.amount)).toEqual(['33.34', '33.33', '33.33']);
    const percent = splitFormReducer(exact, { type: 'chooseMode', mode: 'PERCENT', context });
    expect(percent.draft.rows.map((r) => r.percent)).toEqual(['33.34', '33.33', '33.33']);
    const shares = splitFormReducer(percent, { type: 'chooseMode', mode: 'SHARES', context });
    expect(shares.draft.rows.map((r) => r.shares)).toEqual(['1', '1', '1']);
  });
});
