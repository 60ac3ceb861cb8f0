import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../src/html.js';
import { formatMinor } from '@paysplit/sdk';

describe('HTML escaping', () => {
  it('escapes the five significant characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes interpolated values but not nested html fragments', () => {
    const inner = html`<em>${'<b>'}</em>`;
    expect(html`<p title="${'"x"'}">${inner}${['<i>', null, undefined, false]}</p>`.value).toBe(
      '<p title="&quot;x&quot;"><em>&lt;b&gt;</em>&lt;i&gt;</p>',
    );
  });
});

describe('money display', () => {
  it('formats minor units without going through a float', () => {
    expect(formatMinor('48000', 'NZD')).toBe('NZ$480.00');
    expect(formatMinor('5', 'NZD')).toBe('NZ$0.05');
    expect(formatMinor(12050n, 'AUD')).toBe('A$120.50');
    expect(formatMinor('1500', 'JPY')).toBe('¥1,500');
    // ISO 4217 gives HUF and IDR two minor digits where CLDR gives none: 12050 minor units are 120.50.
    expect(formatMinor('12050', 'HUF')).toBe('HUF\u00a0120.50');
    expect(formatMinor('12050', 'IDR')).toBe('IDR\u00a0120.50');
    expect(formatMinor('900719925474099312', 'NZD')).toBe('NZ$9,007,199,254,740,993.12');
  });
});
