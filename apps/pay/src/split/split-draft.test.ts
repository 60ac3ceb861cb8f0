import { requireCurrency } from '@paysplit/domain';
import { describe, expect, it } from 'vitest';
import { makeParticipant, makeSession } from '../test-support/fixtures';
import { checkSplit, draftFromSession, type DraftRow, fieldForPath, sendsInvite, type SplitDraft } from './split-draft';
import { englishTranslator } from '../test-support/intl';
import { parseAmountInput, parsePercentInput, parseSharesInput } from './share-inputs';

const en = englishTranslator();

const NZD = requireCurrency('NZD');
const none = new Map<string, bigint>();

function rows(...values: Partial<DraftRow>[]): DraftRow[] {
  return values.map((v, i) => ({
    key: `k${i}`,
    participantId: null,
    name: `P${i + 1}`,
    email: '',
    amount: '',
    percent: '',
    shares: '',
    ...v,
  }));
}

describe('parsing what people type', () => {
  it('reads major-unit amounts exactly, forgiving thousands separators and leading zeros', () => {
    expect(parseAmountInput('150.00', NZD)).toEqual({ ok: true, value: 15000n });
    expect(parseAmountInput(' 0.1 ', NZD)).toEqual({ ok: true, value: 10n });
    expect(parseAmountInput('1,250.50', NZD)).toEqual({ ok: true, value: 125050n });
    expect(parseAmountInput('050', NZD)).toEqual({ ok: true, value: 5000n });
    expect(parseAmountInput('1.234', NZD)).toEqual({ ok: false, problem: 'amount-decimals' });
    expect(parseAmountInput('1.230', NZD)).toEqual({ ok: true, value: 123n });
    expect(parseAmountInput('abc', NZD)).toEqual({ ok: false, problem: 'amount-format' });
    expect(parseAmountInput('0', NZD)).toEqual({ ok: false, problem: 'amount-zero' });
    expect(parseAmountInput('0.00', NZD)).toEqual({ ok: false, problem: 'amount-zero' });
    expect(parseAmountInput('1000000000', NZD)).toEqual({ ok: false, problem: 'amount-too-large' });
  });

  it('reads amounts the way the reader’s language writes numbers', () => {
    expect(parseAmountInput('1.250,50', NZD, 'de')).toEqual({ ok: true, value: 125050n });
    expect(parseAmountInput('150,50', NZD, 'de')).toEqual({ ok: true, value: 15050n });
    // A point that groups no thousands is a decimal point, however the language writes one.
    expect(parseAmountInput('150.50', NZD, 'de')).toEqual({ ok: true, value: 15050n });
    expect(parseAmountInput('1.250', NZD, 'de')).toEqual({ ok: true, value: 125000n });
    expect(parseAmountInput('1 250,50', NZD, 'fr')).toEqual({ ok: true, value: 125050n });
    expect(parseAmountInput('١٬٢٥٠٫٥٠', NZD, 'ar-EG')).toEqual({ ok: true, value: 125050n });
    expect(parseAmountInput('1,25', NZD, 'en')).toEqual({ ok: false, problem: 'amount-format' });
    expect(parsePercentInput('33,33 %', 'fr')).toEqual({ ok: true, value: 3333 });
    expect(parseSharesInput('٢', 'ar-EG')).toEqual({ ok: true, value: 2 });
  });

  it('reads percentages to basis points by their digits', () => {
    expect(parsePercentInput('50')).toEqual({ ok: true, value: 5000 });
    expect(parsePercentInput('33.33')).toEqual({ ok: true, value: 3333 });
    expect(parsePercentInput('0.1 %')).toEqual({ ok: true, value: 10 });
    expect(parsePercentInput('12.345')).toEqual({ ok: false, problem: 'percent-decimals' });
    expect(parsePercentInput('101')).toEqual({ ok: false, problem: 'percent-over' });
    expect(parsePercentInput('101')).toMatchObject({ ok: false });
    expect(parsePercentInput('1e2')).toMatchObject({ ok: false });
  });

  it('reads whole shares only', () => {
    expect(parseSharesInput('2')).toEqual({ ok: true, value: 2 });
    expect(parseSharesInput('1.5')).toMatchObject({ ok: false });
  });
});

describe('checkSplit', () => {
  it('previews an equal split with the leftover cent to the host first', () => {
    const check = checkSplit({ mode: 'EQUAL', rows: rows({}, {}, {}) }, 10000n, NZD, none, en);
    expect(check.amounts).toEqual([3334n, 3333n, 3333n]);
    expect(check.input).toEqual([
      { displayName: 'P1', email: null },
      { displayName: 'P2', email: null },
      { displayName: 'P3', email: null },
    ]);
  });

  it('sends exact amounts in minor units and flags a sum that is off', () => {
    const good = checkSplit({ mode: 'EXACT', rows: rows({ amount: '60' }, { amount: '40.00' }) }, 10000n, NZD, none, en);
    expect(good.input?.map((p) => p.amountMinor)).toEqual(['6000', '4000']);

    const off = checkSplit({ mode: 'EXACT', rows: rows({ amount: '60' }, { amount: '30' }) }, 10000n, NZD, none, en);
    expect(off.input).toBeNull();
    expect(off.assignedMinor).toBe(9000n);
    expect(off.formErrors).toEqual(['Amounts add up to 90.00 but the total is 100.00']);
  });

  it('puts an unreadable or missing value on that participant’s field', () => {
    const check = checkSplit({ mode: 'EXACT', rows: rows({ amount: '60' }, { amount: '4O' }, {}) }, 10000n, NZD, none, en);
    expect(check.fieldErrors['1.amount']).toBe('Enter an amount such as 150.00');
    expect(check.input).toBeNull();

    const missing = checkSplit({ mode: 'EXACT', rows: rows({ amount: '60' }, {}) }, 10000n, NZD, none, en);
    expect(missing.fieldErrors['1.amount']).toBe('Participant 2 needs an amount for an exact split');
  });

  it('sends basis points and shares', () => {
    const percent = checkSplit(
      { mode: 'PERCENT', rows: rows({ percent: '50' }, { percent: '25' }, { percent: '25' }) },
      48000n,
      NZD,
      none,
      en,
    );
    expect(percent.amounts).toEqual([24000n, 12000n, 12000n]);
    expect(percent.input?.map((p) => p.basisPoints)).toEqual([5000, 2500, 2500]);

    const shares = checkSplit({ mode: 'SHARES', rows: rows({ shares: '2' }, { shares: '1' }, { shares: '1' }) }, 48000n, NZD, none, en);
    expect(shares.amounts).toEqual([24000n, 12000n, 12000n]);
    expect(shares.input?.map((p) => p.shares)).toEqual([2, 1, 1]);
  });

  it('requires names and valid emails, as the server does', () => {
    const check = checkSplit({ mode: 'EQUAL', rows: rows({ name: ' ' }, { email: 'not-an-email' }) }, 10000n, NZD, none, en);
    expect(check.fieldErrors['0.name']).toBe('Enter a name');
    expect(check.fieldErrors['1.email']).toMatch(/email address/);
    expect(check.amounts).toEqual([5000n, 5000n]);
    expect(check.input).toBeNull();
  });

  it('keeps a paid share locked and divides only what remains', () => {
    const draft: SplitDraft = { mode: 'EQUAL', rows: rows({ participantId: 'h' }, { participantId: 'paid' }, {}) };
    const check = checkSplit(draft, 10000n, NZD, new Map([['paid', 2000n]]), en);
    expect(check.amounts).toEqual([4000n, 2000n, 4000n]);
    expect(check.input?.[1]).toEqual({ displayName: 'P2', email: null, participantId: 'paid' });
  });
});

describe('fieldForPath', () => {
  it('maps domain and server paths to inputs', () => {
    expect(fieldForPath('participants[2].amountMinor', 'EXACT')).toEqual({ index: 2, field: 'amount' });
    expect(fieldForPath('participants[1].displayName', 'EQUAL')).toEqual({ index: 1, field: 'name' });
    expect(fieldForPath('participants[0].basisPoints', 'PERCENT')).toEqual({ index: 0, field: 'percent' });
    expect(fieldForPath('participants[3]', 'EQUAL')).toEqual({ index: 3, field: 'row' });
    expect(fieldForPath('participants', 'EXACT')).toBeNull();
  });
});

describe('draftFromSession', () => {
  it('starts an unconfigured session with the host and one blank participant', () => {
    const draft = draftFromSession(makeSession({ status: 'UNCONFIGURED', splitMode: null }), NZD);
    expect(draft.mode).toBe('EQUAL');
    expect(draft.rows.map((r) => r.name)).toEqual(['', '']);
  });

  it('recovers percentages and shares where the saved amounts give them exactly', () => {
    const session = makeSession({
      splitMode: 'SHARES',
      participants: [
        makeParticipant({ id: 'h', isHost: true, amountMinor: '24000' }),
        makeParticipant({ id: 'a', amountMinor: '12000' }),
        makeParticipant({ id: 'b', amountMinor: '12000' }),
      ],
    });
    const draft = draftFromSession(session, NZD);
    expect(draft.mode).toBe('SHARES');
    expect(draftFromSession(session, NZD, 'de').rows[0]).toMatchObject({ amount: '240,00', percent: '50', shares: '2' });
    expect(draft.rows.map((r) => [r.amount, r.percent, r.shares])).toEqual([
      ['240.00', '50', '2'],
      ['120.00', '25', '1'],
      ['120.00', '25', '1'],
    ]);
  });
});

describe('whether saving emails a person their invite', () => {
  const [row] = rows({});
  const base = row!;

  it('does for an address typed in this edit, unless the host unticked it', () => {
    expect(sendsInvite({ ...base, email: '' })).toBe(false);
    expect(sendsInvite({ ...base, email: 'ben@example.test' })).toBe(true);
    expect(sendsInvite({ ...base, email: 'ben@example.test', sendInvite: false })).toBe(false);
  });

  it('does not for an address the row already had, unless the host ticks it', () => {
    const saved = { ...base, email: 'ben@example.test', loadedEmail: 'ben@example.test' };
    expect(sendsInvite(saved)).toBe(false);
    expect(sendsInvite({ ...saved, sendInvite: true })).toBe(true);
    expect(sendsInvite({ ...saved, email: 'ben@example.org' })).toBe(true);
  });

  it('never twice to the address the invitation went to', () => {
    const invited = { ...base, email: 'ben@example.test', loadedEmail: 'ben@example.test', invitedEmail: 'ben@example.test' };
    expect(sendsInvite({ ...invited, sendInvite: true })).toBe(false);
  });

  it('starts rows loaded from the session with the address they had', () => {
    const session = makeSession({
      participants: [makeParticipant({ id: 'h', isHost: true }), makeParticipant({ id: 'b', email: 'ben@example.test' })],
    });
    const draft = draftFromSession(session, NZD);
    expect(draft.rows[1]).toMatchObject({ email: 'ben@example.test', loadedEmail: 'ben@example.test' });
    expect(sendsInvite(draft.rows[1]!)).toBe(false);
  });
});
