import { requireCurrency } from '@paysplit/domain';
import { describe, expect, it } from 'vitest';
import type { SplitMode } from '../gql/graphql';
import { switchModeInputs } from './mode-switch';
import type { DraftRow } from './split-draft';

const NZD = requireCurrency('NZD');
const JPY = requireCurrency('JPY');

function row(key: string, values: Partial<DraftRow> = {}): DraftRow {
  return { key, participantId: null, name: key, email: '', amount: '', percent: '', shares: '', ...values };
}

const three = (values: Partial<DraftRow>[] = [{}, {}, {}]) => values.map((v, i) => row(`r${i}`, v));
const at480 = { totalMinor: 48_000n, locked: new Map<string, bigint>(), currency: NZD };
const field = { EXACT: 'amount', PERCENT: 'percent', SHARES: 'shares' } as const;
const inputs = (rows: DraftRow[], mode: Exclude<SplitMode, 'EQUAL'>) => rows.map((r) => r[field[mode]]);

describe('switching the split mode', () => {
  it('starts amounts from the equal split', () => {
    expect(inputs(switchModeInputs(three(), 'EQUAL', 'EXACT', at480), 'EXACT')).toEqual(['160.00', '160.00', '160.00']);
  });

  it('turns amounts into percentages that add up to 100, and goes back to the very amounts typed', () => {
    const typed = three([{ amount: '200' }, { amount: '150.00' }, { amount: '130' }]);
    const percent = switchModeInputs(typed, 'EXACT', 'PERCENT', at480);
    expect(inputs(percent, 'PERCENT')).toEqual(['41.67', '31.25', '27.08']);
    // 41.67 % of NZ$480.00 is not NZ$200.00 to the cent; the amounts typed stay as typed.
    const back = switchModeInputs(percent, 'PERCENT', 'EXACT', at480);
    expect(inputs(back, 'EXACT')).toEqual(['200', '150.00', '130']);
  });

  it('converts percentages the host changed since, instead of keeping stale amounts', () => {
    const percent = switchModeInputs(three([{ amount: '200' }, { amount: '150' }, { amount: '130' }]), 'EXACT', 'PERCENT', at480);
    const edited = percent.map((r, i) => ({ ...r, percent: ['50', '25', '25'][i]! }));
    expect(inputs(switchModeInputs(edited, 'PERCENT', 'EXACT', at480), 'EXACT')).toEqual(['240.00', '120.00', '120.00']);
  });

  it('gives shares as small whole numbers when they make exactly the same amounts', () => {
    const amounts = three([{ amount: '200' }, { amount: '150' }, { amount: '130' }]);
    expect(inputs(switchModeInputs(amounts, 'EXACT', 'SHARES', at480), 'SHARES')).toEqual(['20', '15', '13']);
    const uneven = { ...at480, totalMinor: 10_000n };
    const equalish = three([{ amount: '33.34' }, { amount: '33.33' }, { amount: '33.33' }]);
    expect(inputs(switchModeInputs(equalish, 'EXACT', 'SHARES', uneven), 'SHARES')).toEqual(['1', '1', '1']);
    expect(
      inputs(switchModeInputs(three([{ shares: '2' }, { shares: '1' }, { shares: '1' }]), 'SHARES', 'PERCENT', at480), 'PERCENT'),
    ).toEqual(['50', '25', '25']);
  });

  it('keeps the shares already there when no small whole numbers give the amounts', () => {
    const amounts = three([
      { amount: '123.45', shares: '3' },
      { amount: '200.00', shares: '' },
      { amount: '156.55', shares: '1' },
    ]);
    expect(inputs(switchModeInputs(amounts, 'EXACT', 'SHARES', at480), 'SHARES')).toEqual(['3', '', '1']);
  });

  it('converts each value that reads while the split does not add up yet, and keeps the rest', () => {
    const partial = three([{ amount: '120' }, { amount: '', percent: '10' }, { amount: 'abc', percent: '7' }]);
    expect(inputs(switchModeInputs(partial, 'EXACT', 'PERCENT', at480), 'PERCENT')).toEqual(['25', '10', '7']);
    const underHundred = three([{ percent: '40' }, { percent: '40' }, { percent: '' }]);
    expect(inputs(switchModeInputs(underHundred, 'PERCENT', 'EXACT', at480), 'EXACT')).toEqual(['192.00', '192.00', '']);
  });

  it('leaves paid shares alone and splits only what is left', () => {
    const rows = [
      row('h', { participantId: 'h' }),
      row('paid', { participantId: 'paid', amount: '100.00' }),
      row('c', { participantId: 'c' }),
    ];
    const context = { totalMinor: 30_000n, locked: new Map([['paid', 10_000n]]), currency: NZD };
    const percent = switchModeInputs(rows, 'EQUAL', 'PERCENT', context);
    expect(inputs(percent, 'PERCENT')).toEqual(['50', '', '50']);
    expect(percent[1]).toBe(rows[1]);
  });

  it('writes amounts in the currency’s own minor units', () => {
    const yen = { totalMinor: 1_000n, locked: new Map<string, bigint>(), currency: JPY };
    expect(inputs(switchModeInputs(three(), 'EQUAL', 'EXACT', yen), 'EXACT')).toEqual(['334', '333', '333']);
  });

  it('changes nothing for equal, which has no inputs', () => {
    const typed = three([{ amount: '200' }, { amount: '150' }, { amount: '130' }]);
    expect(switchModeInputs(typed, 'EXACT', 'EQUAL', at480)).toEqual(typed);
  });
});

describe('switching between two rounded modes', () => {
  it('works from the amounts typed earlier when they still give the values on screen', () => {
    const percent = switchModeInputs(three([{ amount: '200' }, { amount: '150' }, { amount: '130' }]), 'EXACT', 'PERCENT', at480);
    expect(inputs(switchModeInputs(percent, 'PERCENT', 'SHARES', at480), 'SHARES')).toEqual(['20', '15', '13']);
  });
});
