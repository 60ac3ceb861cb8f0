import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER_FORM, filterFormFromSearch, type SessionFilterForm, searchFromFilterForm, sessionFilterFrom } from './session-filter';

const form = (overrides: Partial<SessionFilterForm>): SessionFilterForm => ({ ...EMPTY_FILTER_FORM, ...overrides });

describe('session explorer filter -> SessionFilter variables', () => {
  it('sends nothing for an empty form', () => {
    expect(sessionFilterFrom(EMPTY_FILTER_FORM)).toEqual({ filter: {}, errors: {} });
  });

  it('converts major-unit amounts to minor-unit strings by each currency’s exponent, exactly', () => {
    expect(sessionFilterFrom(form({ amountMin: '120.50', amountMax: '999999999.99' })).filter).toEqual({
      currency: 'NZD',
      amountMinorMin: '12050',
      amountMinorMax: '99999999999',
    });
    // 0.1 + 0.2 is not 0.3 in floats; in decimal text it is.
    expect(sessionFilterFrom(form({ currency: 'USD', amountMin: '0.1', amountMax: '0.3' })).filter).toEqual({
      currency: 'USD',
      amountMinorMin: '10',
      amountMinorMax: '30',
    });
    expect(sessionFilterFrom(form({ currency: 'jpy', amountMax: '500' })).filter).toEqual({ currency: 'JPY', amountMinorMax: '500' });
    expect(sessionFilterFrom(form({ currency: 'KWD', amountMin: '1.234' })).filter).toEqual({ currency: 'KWD', amountMinorMin: '1234' });
  });

  it('treats a minimum of 0 as no minimum', () => {
    expect(sessionFilterFrom(form({ amountMin: '0.00', amountMax: '10' })).filter).toEqual({ currency: 'NZD', amountMinorMax: '1000' });
  });

  it('puts amount problems next to the amount fields instead of guessing', () => {
    const checked = sessionFilterFrom(form({ amountMin: '1.005', amountMax: '1e3' }));
    expect(checked.filter).toBeNull();
    expect(checked.errors.amountMin).toMatch(/NZD allows at most 2 decimal places/);
    expect(checked.errors.amountMax).toMatch(/plain decimal number/);
    expect(sessionFilterFrom(form({ amountMin: '20', amountMax: '10' })).errors).toEqual({
      amountMax: 'The maximum is below the minimum.',
    });
    expect(sessionFilterFrom(form({ currency: 'XYZ', amountMin: '1' })).errors).toEqual({ currency: 'Enter a currency code such as NZD.' });
  });

  it('sends the other filters as the contract names them, dates as whole local days (to is exclusive)', () => {
    const checked = sessionFilterFrom(
      form({
        integrationId: 'int-1',
        statuses: ['OPEN', 'PARTIALLY_PAID'],
        mode: 'LIVE',
        orderReference: ' booking-42 ',
        createdFrom: '2030-03-12',
        createdTo: '2030-03-14',
      }),
    );
    expect(checked.filter).toEqual({
      integrationId: 'int-1',
      status: ['OPEN', 'PARTIALLY_PAID'],
      mode: 'LIVE',
      orderReference: 'booking-42',
      createdFrom: new Date(2030, 2, 12).toISOString(),
      createdTo: new Date(2030, 2, 15).toISOString(),
    });
    expect(sessionFilterFrom(form({ createdFrom: '2030-03-13', createdTo: '2030-03-12' })).errors).toEqual({
      createdTo: 'The end date is before the start date.',
    });
    expect(sessionFilterFrom(form({ createdFrom: '2030-02-31' })).errors).toEqual({ createdFrom: 'Enter a date such as 2030-03-12.' });
  });

  it('keeps the form in the address and reads it back', () => {
    const typed = form({ statuses: ['COMPLETED', 'OPEN'], mode: 'TEST', amountMin: '5', currency: 'AUD', orderReference: 'a&b' });
    const search = searchFromFilterForm(typed);
    expect(search).toBe('?status=COMPLETED&status=OPEN&mode=TEST&ref=a%26b&currency=AUD&min=5');
    // Statuses come back in the form's order; an unknown status or mode is dropped.
    expect(filterFormFromSearch(new URLSearchParams(`${search}&status=BOGUS`))).toEqual({ ...typed, statuses: ['OPEN', 'COMPLETED'] });
    expect(filterFormFromSearch(new URLSearchParams('mode=SANDBOX'))).toEqual(EMPTY_FILTER_FORM);
    expect(searchFromFilterForm(EMPTY_FILTER_FORM)).toBe('');
  });
});
