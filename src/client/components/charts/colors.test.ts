import { describe, expect, it } from 'vitest';
import { chartTheme, PALETTE_10 } from './colors.ts';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/* Charts draw on a canvas, which axe-core cannot read: their ink is checked here instead. */
describe.each([
  ['light', false],
  ['dark', true],
])('the charts’ ink in the %s theme', (_, dark) => {
  const ink = chartTheme(dark);

  it('draws axis labels and legend text at AA contrast (4.5:1) on the card', () => {
    expect(contrast(ink.textColor, ink.surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws every series and slice at 3:1 or more on the card, no two alike', () => {
    const drawn = PALETTE_10.map((hex) => ink.color(hex));
    for (const c of drawn) expect(contrast(c, ink.surface), c).toBeGreaterThanOrEqual(3);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('tells a failing colour from a passing one', () => {
    expect(contrast('#777777', '#888888')).toBeLessThan(1.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });
});
