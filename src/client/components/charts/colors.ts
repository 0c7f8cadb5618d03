/** Chart colours: the brand's dark blue and teal, and the doughnut palettes. */
export const BRAND_BLUE = '#1e3a8a'; // brand-900
export const BRAND_TEAL = '#0d9488'; // accent-600

/** Six colours for category doughnuts (dark blue and teal first), distinct in hue and lightness. */
export const PALETTE_6 = [
  BRAND_BLUE,
  BRAND_TEAL,
  '#f59e0b', // amber-500
  '#7c3aed', // violet-600
  '#e11d48', // rose-600
  '#0ea5e9', // sky-500
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
