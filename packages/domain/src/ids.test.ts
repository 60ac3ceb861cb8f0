import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('accepts UUIDs in either case', () => {
    fc.assert(fc.property(fc.uuid(), (id) => isUuid(id) && isUuid(id.toUpperCase())));
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'not-a-uuid',
      '00000000-0000-0000-0000-00000000000',
      ' 00000000-0000-0000-0000-000000000000',
      42,
      null,
      ['x'],
    ]) {
      expect(isUuid(value), String(value)).toBe(false);
    }
    fc.assert(fc.property(fc.string(), (text) => isUuid(text) === /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text)));
  });
});
