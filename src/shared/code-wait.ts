import { z } from 'zod';

/**
 * `GET /v1/numbers/{id}/code`: a script waits for the code an SMS brings. The contract scripts are
 * written against (README): add fields, never rename.
 */
export const MAX_CODE_WAIT_SECONDS = 120;
/**
 * A wait from a time (given, or the request's) is answered only by a code whose SMS was received
 * at most this long before it (the provider's clock may lag ours); a number's first poll stores
 * the provider's backlog, older. Public single endpoints' `?wait=` use the same rule.
 */
export const WAIT_CLOCK_SKEW_MS = 60_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
const AFTER_ERROR = 'validation.codeWait.after';

export const codeWaitQuery = z.object({
  /** Seconds to wait for a code (0: answer at once). */
  wait: z.coerce
    .number({ error: 'validation.wait.wholeSeconds' })
    .int('validation.wait.wholeSeconds')
    .min(0, 'validation.codeWait.waitMin')
    .max(MAX_CODE_WAIT_SECONDS, 'validation.codeWait.waitMax')
    .default(0),
  /**
   * Only codes stored after this: a message id (of this number), or a time compared with when we
   * stored each message (`storedAt`). Absent: after the newest message stored when the request
   * arrived, so an older code is never answered unless asked for.
   */
  after: z
    .union([z.uuid(AFTER_ERROR), z.iso.datetime({ offset: true, error: AFTER_ERROR })], {
      error: AFTER_ERROR,
    })
    .optional(),
  /** Claim mode: a code handed to one claiming caller is never handed to another. */
  claim: z
    .enum(['true', 'false'], { error: 'validation.codeWait.claim' })
    .transform((v) => v === 'true')
    .optional(),
});
export type CodeWaitQuery = z.infer<typeof codeWaitQuery>;

/** A retried claim with the same key gets the same code again (a lost answer is not a lost code). */
export const codeWaitHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, 'validation.codeWait.keyEmpty')
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, 'validation.codeWait.keyTooLong')
    .optional(),
});

export const codeAnswer = z.object({
  messageId: z.uuid(),
  numberId: z.uuid(),
  phoneNumber: z.string(),
  code: z.string(),
  content: z.string(),
  sender: z.string(),
  /** When the provider says the SMS arrived. */
  receivedAt: z.iso.datetime(),
  /** When we stored it (what `after` is compared with). */
  storedAt: z.iso.datetime(),
  /** Handed out in claim mode: no other claiming caller gets it. */
  claimed: z.boolean(),
});
export type CodeAnswer = z.infer<typeof codeAnswer>;
