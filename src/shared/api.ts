import { z } from 'zod';

/** Every error leaves the server in this shape. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    remainingAttempts: z.number().int().optional(),
    retryAfterSeconds: z.number().int().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const publicStatsResponse = z.object({
  users: z.number().int(),
  numbers: z.number().int(),
  messages: z.number().int(),
});
export type PublicStats = z.infer<typeof publicStatsResponse>;

export const okResponse = z.object({ ok: z.literal(true) });
