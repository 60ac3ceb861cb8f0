import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  normalizeDescription,
  parseHexColor,
  relativeLuminance,
  validateAccentColor,
  validateLogoUrl,
  whiteTextContrast,
} from './brand.js';

const channel = fc.integer({ min: 0, max: 255 });
const rgb = fc.tuple(channel, channel, channel);

describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white, and uses the sRGB curve for greys', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 12);
    // #777777: (119/255 + 0.055)/1.055 ^ 2.4 = 0.1845…, not the 0.4667 a straight average would give.
    expect(relativeLuminance([119, 119, 119])).toBeCloseTo(0.18447, 4);
    // Below the 0.04045 knee the curve is linear: 10/255/12.92.
    expect(relativeLuminance([10, 10, 10])).toBeCloseTo(10 / 255 / 12.92, 10);
  });

  it('weighs green most and blue least', () => {
    expect(relativeLuminance([0, 255, 0])).toBeCloseTo(0.7152, 10);
    expect(relativeLuminance([255, 0, 0])).toBeCloseTo(0.2126, 10);
    expect(relativeLuminance([0, 0, 255])).toBeCloseTo(0.0722, 10);
  });

  it('never decreases when a channel grows', () => {
    fc.assert(
      fc.property(rgb, fc.integer({ min: 0, max: 2 }), (color, index) => {
        const brighter = [...color] as [number, number, number];
        brighter[index] = Math.min(255, brighter[index]! + 1);
        expect(relativeLuminance(brighter)).toBeGreaterThanOrEqual(relativeLuminance(color));
      }),
    );
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 9);
    fc.assert(
      fc.property(rgb, (color) => {
        expect(contrastRatio(color, color)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(rgb, rgb, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 12);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
      }),
    );
  });

  it('matches published figures', () => {
    // WebAIM's checker: white on #767676 is 4.54:1, white on #777777 is 4.48:1.
    expect(whiteTextContrast('#767676')).toBeCloseTo(4.54, 2);
    expect(whiteTextContrast('#777777')).toBeCloseTo(4.48, 2);
    expect(whiteTextContrast('#0000FF')).toBeCloseTo(8.59, 2);
  });
});

describe('validateAccentColor', () => {
  it('accepts a dark colour and refuses one white text cannot be read on', () => {
    expect(validateAccentColor('#1F5F8B')).toEqual([]);
    expect(validateAccentColor('#767676')).toEqual([]);
    const [problem] = validateAccentColor('#777777');
    expect(problem?.path).toBe('accentColor');
    expect(problem?.message).toContain('4.47:1'); // 4.478…, shown rounded down so a refusal never reads 4.50
    expect(validateAccentColor('#FFD700')).toHaveLength(1);
  });

  it('refuses anything but #RRGGBB', () => {
    for (const value of ['1F5F8B', '#1F5', '#1F5F8BFF', 'navy', '#GGGGGG', ' #1F5F8B', 'rgb(0,0,0)']) {
      expect(validateAccentColor(value), value).toHaveLength(1);
    }
  });

  it('accepts exactly the colours on which white text reaches 4.5:1', () => {
    fc.assert(
      fc.property(rgb, (color) => {
        const hex = `#${color.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        expect(parseHexColor(hex)).toEqual(color);
        expect(validateAccentColor(hex).length === 0).toBe(contrastRatio([255, 255, 255], color) >= 4.5);
      }),
    );
  });
});

describe('validateLogoUrl', () => {
  it('accepts https only', () => {
    expect(validateLogoUrl('https://cdn.example.com/logo.png')).toEqual([]);
    for (const value of ['http://cdn.example.com/logo.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/logo.png', 'logo']) {
      expect(validateLogoUrl(value), value).toHaveLength(1);
    }
    expect(validateLogoUrl('https://user:pw@cdn.example.com/logo.png')).toHaveLength(1);
    expect(validateLogoUrl(`https://cdn.example.com/${'a'.repeat(2100)}`)).toHaveLength(1);
  });
});

describe('normalizeDescription', () => {
  it('trims, and treats blank as not sent', () => {
    expect(normalizeDescription('  Dinner for 4 ')).toEqual({ value: 'Dinner for 4' });
    expect(normalizeDescription('   ')).toEqual({ value: null });
  });

  it('allows 140 characters (an emoji counts once) and refuses 141', () => {
    expect(normalizeDescription('🍽'.repeat(140))).toEqual({ value: '🍽'.repeat(140) });
    expect(normalizeDescription('a'.repeat(141))).toEqual({
      problems: [{ path: 'description', message: 'is 141 characters long; at most 140 are allowed' }],
    });
  });

  it('refuses control characters inside the text', () => {
    for (const value of ['Dinner\nfor 4', 'Dinner\tfor 4', 'Dinner\u0007', 'a\u0085b', 'a\u2028b']) {
      expect(normalizeDescription(value), JSON.stringify(value)).toHaveProperty('problems');
    }
  });
});
