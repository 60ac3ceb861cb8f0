import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left';

const now = Date.parse('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatTimeLeft', () => {
  it('says days and hours, hours and minutes, or minutes', () => {
    expect(formatTimeLeft(at(2 * DAY + 3 * HOUR + 20 * MIN), now)).toBe('Expires in 2 days 3 h');
    expect(formatTimeLeft(at(DAY), now)).toBe('Expires in 1 day');
    expect(formatTimeLeft(at(5 * HOUR + 12 * MIN + 59_000), now)).toBe('Expires in 5 h 12 min');
    expect(formatTimeLeft(at(HOUR), now)).toBe('Expires in 1 h');
    expect(formatTimeLeft(at(12 * MIN), now)).toBe('Expires in 12 min');
    expect(formatTimeLeft(at(30_000), now)).toBe('Expires in less than a minute');
  });

  it('says expired once the time has passed', () => {
    expect(formatTimeLeft(at(0), now)).toBe('Expired');
    expect(formatTimeLeft(at(-DAY), now)).toBe('Expired');
  });
});
