import { z } from 'zod';

/**
 * Every error leaves the server in this shape; `code` is an `ErrorCode` (shared/errors.ts), kept a
 * string here so a client reads a code added after it was built. The `ApiError` component of
 * /v1/openapi.json: each route's error answers narrow its `code` (server/error-responses.ts).
 */
export const apiErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      remainingAttempts: z.number().int().optional(),
      retryAfterSeconds: z.number().int().optional(),
    }),
  })
  .meta({
    id: 'ApiError',
    description:
      'An error answer. Any route may also answer 500 INTERNAL and 503 DATABASE_UNAVAILABLE.',
  });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const publicStatsResponse = z.object({
  users: z.number().int(),
  numbers: z.number().int(),
  messages: z.number().int(),
});
export type PublicStats = z.infer<typeof publicStatsResponse>;

export const okResponse = z.object({ ok: z.literal(true) });
