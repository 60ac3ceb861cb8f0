import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path';

describe('qrPath', () => {
  it('draws each run of dark modules as one rectangle', () => {
    const dark = [
      [1, 1, 0],
      [0, 1, 1],
      [0, 0, 0],
    ];
    expect(qrPath(3, (row, col) => dark[row]![col] === 1)).toBe('M0 0h2v1h-2zM1 1h2v1h-2z');
  });
});
