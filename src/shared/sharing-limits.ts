/**
 * The public share pages' display limits, without zod so those pages do not load it;
 * `sharing.ts` re-exports them.
 */

/** Messages per number on a public page or endpoint (docs/product-rules.md). */
export const PUBLIC_MESSAGES_PER_NUMBER = 10;
/** Numbers listed by name in a page's header before '+N more'. */
export const PUBLIC_NUMBERS_LISTED = 3;
