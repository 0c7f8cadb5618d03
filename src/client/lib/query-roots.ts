/**
 * Query-key roots shared across features. Each feature defines its own keys below its root
 * (numbers: `features/numbers/api/keys.ts`, messages: `features/messages/api/keys.ts`); code
 * outside a feature (one feature refreshing another's data) uses these roots.
 */
export const NUMBERS_ROOT = ['numbers'] as const;
export const MESSAGES_ROOT = ['messages'] as const;
/** Every admin-area query (admin features key theirs below it; the admin header reads it). */
export const ADMIN_ROOT = ['admin'] as const;
/** The user's tags (`/v1/tags`, the same answer the numbers feature keeps at this key). */
export const TAGS_ROOT = ['tags'] as const;
/** The user's webhooks, and their notification channels (their tag filters name tags). */
export const WEBHOOKS_ROOT = ['webhooks'] as const;
export const CHANNELS_ROOT = ['notification-channels'] as const;
