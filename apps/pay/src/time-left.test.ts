import { describe, expect, it } from 'vitest';
import { englishTranslator } from './test-support/intl';
import { formatDeadline, formatTimeLeft } from './time-left';

const en = englishTranslator();

const now = Date.parse('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatTimeLeft', () => {
  it('says days and hours, hours and minutes, or minutes', () => {
    expect(formatTimeLeft(en, at(2 * DAY + 3 * HOUR + 20 * MIN), now)).toBe('Expires in 2 days 3 h');
    expect(formatTimeLeft(en, at(DAY), now)).toBe('Expires in 1 day');
    expect(formatTimeLeft(en, at(5 * HOUR + 12 * MIN + 59_000), now)).toBe('Expires in 5 h 12 min');
    expect(formatTimeLeft(en, at(HOUR), now)).toBe('Expires in 1 h');
    expect(formatTimeLeft(en, at(12 * MIN), now)).toBe('Expires in 12 min');
    expect(formatTimeLeft(en, at(30_000), now)).toBe('Expires in less than a minute');
  });

  it('says expired once the time has passed', () => {
    expect(formatTimeLeft(en, at(0), now)).toBe('Expired');
    expect(formatTimeLeft(en, at(-DAY), now)).toBe('Expired');
  });
});

describe('formatDeadline', () => {
  const deadline = '2030-11-28T06:30:00Z';

  it('says the date and time on the reader’s clock, with the zone named', () => {
    const inAuckland = { locale: 'en-NZ', timeZone: 'Pacific/Auckland' };
    expect(formatDeadline(deadline, Date.parse('2030-11-25T00:00:00Z'), inAuckland)).toBe('Thu, 28 Nov, 7:30 pm NZDT');
    // The same moment for someone in London: another day part, another zone.
    expect(formatDeadline(deadline, Date.parse('2030-11-25T00:00:00Z'), { locale: 'en-GB', timeZone: 'Europe/London' })).toBe(
      'Thu 28 Nov, 06:30 GMT',
    );
  });

  it('adds the year only when the deadline is in another year', () => {
    const inAuckland = { locale: 'en-NZ', timeZone: 'Pacific/Auckland' };
    expect(formatDeadline('2031-01-02T00:00:00Z', Date.parse('2030-12-30T00:00:00Z'), inAuckland)).toBe('Thu, 2 Jan 2031, 1:00 pm NZDT');
  });
});
