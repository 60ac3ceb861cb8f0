import { describe, expect, it } from 'vitest';
import type { RowField, SplitCheck } from './split-draft';
import { englishTranslator } from '../test-support/intl';
import { formMessages, rowErrors, saveErrorMessage } from './split-messages';

const en = englishTranslator();
const SUM_OFF_MESSAGE = 'Make the split add up to the total to save it.';

function checked(overrides: Partial<SplitCheck> = {}): SplitCheck {
  return { amounts: null, fieldErrors: {}, formErrors: [], assignedMinor: null, percentTotal: null, input: null, ...overrides };
}

const shownFor =
  (...fields: RowField[]) =>
  (field: RowField) =>
    fields.includes(field);

describe('what each input of a row says', () => {
  const check = checked({ fieldErrors: { '1.name': 'Enter a name', '1.amount': 'Enter an amount such as 150.00' } });

  it('says a local problem only once it is worth saying, and nothing about other rows', () => {
    expect(rowErrors(1, check, null, shownFor())).toEqual({});
    expect(rowErrors(1, check, null, shownFor('name'))).toEqual({ name: 'Enter a name' });
    expect(rowErrors(0, check, null, shownFor('name', 'amount'))).toEqual({});
  });

  it('puts the server’s objection on the input it names, even before the local one would be said', () => {
    const server = { fieldErrors: { '1.amount': 'The amount must be greater than 0' }, formErrors: [] };
    expect(rowErrors(1, check, server, shownFor('amount', 'name'))).toEqual({
      name: 'Enter a name',
      amount: 'The amount must be greater than 0',
    });
    expect(rowErrors(1, check, server, shownFor())).toEqual({ amount: 'The amount must be greater than 0' });
  });
});

describe('what is said about the split as a whole', () => {
  const wholeSplit = checked({ formErrors: ['Amounts add up to NZ$90.00 but the total is NZ$100.00'] });
  const quiet = { check: wholeSplit, serverErrors: null, summarySaysSumIsOff: false, submitted: false, anyTouched: false };

  it('waits until a field was left or Save pressed', () => {
    expect(formMessages(en, quiet)).toEqual([]);
    expect(formMessages(en, { ...quiet, anyTouched: true })).toEqual(wholeSplit.formErrors);
    expect(formMessages(en, { ...quiet, submitted: true })).toEqual(wholeSplit.formErrors);
  });

  it('leaves a sum that is off to the summary line, asking to fix it only once Save is pressed', () => {
    const sumOff = { ...quiet, summarySaysSumIsOff: true, anyTouched: true };
    expect(formMessages(en, sumOff)).toEqual([]);
    expect(formMessages(en, { ...sumOff, submitted: true })).toEqual([SUM_OFF_MESSAGE]);
  });

  it('always says the server’s objections to the split as a whole', () => {
    const server = { fieldErrors: {}, formErrors: ['This payment can no longer be changed.'] };
    expect(formMessages(en, { ...quiet, serverErrors: server })).toEqual(['This payment can no longer be changed.']);
  });
});

describe('a failed save, in the host’s words', () => {
  it('names what happened and what to do', () => {
    expect(saveErrorMessage(en, 'SESSION_NOT_PAYABLE')).toBe('This payment can no longer be changed.');
    expect(saveErrorMessage(en, 'INVALID_STATE')).toBe('This payment can no longer be changed.');
    expect(saveErrorMessage(en, 'UNAUTHENTICATED')).toMatch(/Only the organiser can change the split/);
    expect(saveErrorMessage(en, 'NETWORK_ERROR')).toMatch(/No connection/);
    expect(saveErrorMessage(en, 'INTERNAL_ERROR')).toBe('The split could not be saved. Please try again.');
    expect(saveErrorMessage(en, undefined)).toBe('The split could not be saved. Please try again.');
  });
});
