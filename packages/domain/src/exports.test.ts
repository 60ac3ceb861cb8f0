import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { checkExportRange, MAX_EXPORT_RANGE_DAYS, parseExportInstant } from './exports.js';

function refusal(from: unknown, to: unknown): { paths: string[]; message: string } {
  try {
    checkExportRange(from, to);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('VALIDATION_ERROR');
    return { paths: error.details!.map((detail) => detail.path), message: error.message };
  }
  throw new Error('the range was accepted');
}

describe('export bounds', () => {
  it.each([
    ['2026-11-01T00:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01t00:00:00z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T13:00:00+13:00', '2026-11-01T00:00:00.000Z'],
    ['2026-10-31T19:30:00-04:30', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T00:00:00.123456Z', '2026-11-01T00:00:00.123Z'],
    ['2026-11-01T00:00:00.5Z', '2026-11-01T00:00:00.500Z'],
    ['2026-11-01', '2026-11-01T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseExportInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-11-01T00:00:00',
    '2026-11-01 00:00:00Z',
    '2026-02-30',
    '2027-02-29',
    '2026-11-01T24:00:00Z',
    '2026-11-01T00:60:00Z',
    '2026-11-01T00:00:00+19:00',
    '2026-11-1',
    '1764547200',
    'yesterday',
    '',
  ])('refuses %j', (text) => {
    expect(parseExportInstant(text)).toBeUndefined();
  });

  it('agrees with Date on every instant it is given in UTC', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(parseExportInstant(date.toISOString())?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});

describe('export range', () => {
  it('is half-open [from, to), up to the longest range', () => {
    const range = checkExportRange('2026-01-01', `2027-01-02`);
    expect(range).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-02T00:00:00Z') });
    expect((range.to.getTime() - range.from.getTime()) / 86_400_000).toBe(MAX_EXPORT_RANGE_DAYS);
    expect(checkExportRange('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.001Z').to.getTime()).toBe(Date.UTC(2026, 0, 1) + 1);
  });

  it('names every problem at once, by parameter', () => {
    expect(refusal(undefined, undefined).paths).toEqual(['from', 'to']);
    expect(refusal('', 'soon').paths).toEqual(['from', 'to']);
    expect(refusal(['2026-01-01'], '2026-01-02').paths).toEqual(['from']);
    expect(refusal('2026-01-02', '2026-01-02')).toMatchObject({
      paths: ['to'],
      message: 'to: to must be after from: the range is [from, to)',
    });
    expect(refusal('2026-01-03', '2026-01-02').paths).toEqual(['to']);
    expect(refusal('2026-01-01', '2027-01-02T00:00:00.001Z').message).toMatch(/at most 366 days/);
    expect(refusal('x', 'y').message).toMatch(/\(and 1 more problem\)$/);
  });
});
