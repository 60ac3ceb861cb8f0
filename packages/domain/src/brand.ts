import { type ErrorDetail } from './errors.js';

/**
 * A merchant's brand as payers see it: the display name, an https logo and an accent colour on
 * which the pay pages put white text. The colour rule is WCAG 2.x contrast, computed exactly.
 */

export const MAX_MERCHANT_DISPLAY_NAME_LENGTH = 80;
export const MAX_LOGO_URL_LENGTH = 2048;
/** WCAG 2.x level AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Parses `#RRGGBB` into 0-255 channels, or undefined when it is not that form. */
export function parseHexColor(value: string): [number, number, number] | undefined {
  if (!HEX_COLOR.test(value)) return undefined;
  return [1, 3, 5].map((start) => Number.parseInt(value.slice(start, start + 2), 16)) as [number, number, number];
}

/** sRGB channel (0-255) to linear light, per the sRGB transfer function WCAG 2.x refers to. */
function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour: 0 for black, 1 for white. */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white); symmetric. */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = [255, 255, 255] as const;

/** Contrast of white text on the colour, or undefined when the colour is not `#RRGGBB`. */
export function whiteTextContrast(hex: string): number | undefined {
  const rgb = parseHexColor(hex);
  return rgb ? contrastRatio(WHITE, rgb) : undefined;
}

/** Problems with an accent colour (empty when it is `#RRGGBB` and white text on it meets AA). */
export function validateAccentColor(value: string, path = 'accentColor'): ErrorDetail[] {
  const contrast = whiteTextContrast(value);
  if (contrast === undefined) return [{ path, message: 'must be a colour as #RRGGBB, e.g. #1F5F8B' }];
  if (contrast < MIN_TEXT_CONTRAST) {
    return [
      {
        path,
        message: `white text on ${value} has contrast ${(Math.floor(contrast * 100) / 100).toFixed(2)}:1; at least ${MIN_TEXT_CONTRAST}:1 is needed, so choose a darker colour`,
      },
    ];
  }
  return [];
}

/** Problems with a logo address: an absolute https URL without credentials, at most 2048 characters. */
export function validateLogoUrl(value: string, path = 'logoUrl'): ErrorDetail[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [{ path, message: 'must be an absolute https URL' }];
  }
  if (url.protocol !== 'https:') return [{ path, message: 'must use https' }];
  if (url.username || url.password) return [{ path, message: 'must not carry credentials' }];
  if (value.length > MAX_LOGO_URL_LENGTH) return [{ path, message: `must be at most ${MAX_LOGO_URL_LENGTH} characters` }];
  return [];
}

/** C0 and C1 controls, DEL, and the line/paragraph separators: none belongs in one line of text. */
export function hasControlCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

export const MAX_DESCRIPTION_LENGTH = 140;

/**
 * What is bought, shown to every payer: trimmed plain text, at most 140 characters, one line.
 * Returns the trimmed text (null when nothing is left: blank means not sent), or the problems.
 */
export function normalizeDescription(value: string, path = 'description'): { value: string | null } | { problems: ErrorDetail[] } {
  const text = value.trim();
  if (hasControlCharacter(text)) return { problems: [{ path, message: 'must be one line of plain text without control characters' }] };
  const length = [...text].length;
  if (length === 0) return { value: null };
  if (length > MAX_DESCRIPTION_LENGTH) {
    return { problems: [{ path, message: `is ${length} characters long; at most ${MAX_DESCRIPTION_LENGTH} are allowed` }] };
  }
  return { value: text };
}
