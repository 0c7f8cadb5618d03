/** Chart colours: the brand's dark blue and teal, and the doughnut palettes. */
export const BRAND_BLUE = '#1e3a8a'; // brand-900
export const BRAND_TEAL = '#0d9488'; // accent-600

/**
 * Six colours for category doughnuts (dark blue and teal first), distinct in hue and lightness,
 * each at least 3:1 against the card behind in both themes (WCAG 1.4.11, colors.test.ts).
 */
export const PALETTE_6 = [
  BRAND_BLUE,
  BRAND_TEAL,
  '#d97706', // amber-600
  '#7c3aed', // violet-600
  '#e11d48', // rose-600
  '#0284c7', // sky-600
] as const;

/** Up to ten slices (the Event Types doughnut): the six, then four more that stay apart from them. */
export const PALETTE_10 = [
  ...PALETTE_6,
  '#65a30d', // lime-600
  '#64748b', // slate-500
  '#db2777', // pink-600
  '#92400e', // amber-800
] as const;

/** `hex` with an alpha channel, for area fills under a line. */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${hex}${a}`;
}

/** Colours too dark to see on the dark theme's cards, and what they are drawn as there. */
const ON_DARK: Record<string, string> = {
  [BRAND_BLUE]: '#7aa2f7', // the dark theme's brand-600
  '#92400e': '#fbbf24', // amber-800 → amber-400 (amber-600 is in the palette)
};

const LIGHT_INK = {
  textColor: '#475569', // slate-600: axis labels and legend text
  grid: '#e2e8f0', // slate-200: grid lines
  surface: '#ffffff', // the card behind
  color: (hex: string) => hex,
};
const DARK_INK: typeof LIGHT_INK = {
  textColor: '#b8c3d2', // the dark theme's slate-600
  grid: '#2c3a50', // the dark theme's slate-200
  surface: '#111a2e', // the dark theme's white (cards)
  color: (hex: string) => ON_DARK[hex] ?? hex,
};

/** The chart's ink for the page's theme: text, grid lines, the card behind, each series colour. */
export const chartTheme = (dark: boolean) => (dark ? DARK_INK : LIGHT_INK);
