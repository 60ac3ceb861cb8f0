import { describe, expect, it } from 'vitest';
import { formatMomentIn, listTimeZones, normalizeTimeZone, validateTimeZone } from './time-zone.js';

describe('time zones', () => {
  it('accepts IANA names in their usual spelling, UTC included', () => {
    expect(normalizeTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(normalizeTimeZone(' pacific/auckland ')).toBe('Pacific/Auckland');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(listTimeZones()[0]).toBe('UTC');
    expect(listTimeZones()).toContain('Europe/London');
  });

  it('refuses offsets, made-up names, blanks and oversized text', () => {
    for (const bad of ['', ' ', '+05:00', 'GMT+5', 'Mars/Olympus_Mons', 'x'.repeat(65), '../etc/passwd', 'Pacific//Auckland']) {
      expect(normalizeTimeZone(bad), JSON.stringify(bad)).toBeUndefined();
      expect(validateTimeZone(bad)).toEqual([{ path: 'timeZone', message: expect.stringContaining('IANA time zone') }]);
    }
    expect(validateTimeZone('Europe/Paris')).toEqual([]);
  });

  it('names the zone in every time, daylight saving included', () => {
    const moment = new Date('2026-11-30T22:55:00Z');
    expect(formatMomentIn(moment, 'Pacific/Auckland')).toBe('Tue 1 Dec 2026, 11:55 New Zealand Daylight Time');
    expect(formatMomentIn(new Date('2026-06-30T22:55:00Z'), 'Pacific/Auckland')).toBe('Wed 1 Jul 2026, 10:55 New Zealand Standard Time');
    expect(formatMomentIn(moment, 'UTC')).toBe('Mon 30 Nov 2026, 22:55 UTC');
    // A zone that is no longer valid reads in UTC rather than failing a send.
    expect(formatMomentIn(moment, 'Nowhere/Special')).toBe('Mon 30 Nov 2026, 22:55 UTC');
    expect(formatMomentIn(new Date('2026-11-30T23:00:00Z'), 'Europe/London')).toMatch(/^Mon 30 Nov 2026, 23:00 Greenwich Mean Time$/);
  });
});
