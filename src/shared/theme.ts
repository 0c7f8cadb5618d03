/**
 * The colour theme a user chose: follow the device ('system'), or always light or dark. No zod
 * here: the islands (shared pages, sign-in) load it through the toaster's theme.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
