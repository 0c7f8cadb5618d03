import type { FastifyInstance } from 'fastify';
import { invalidText } from '../errors.ts';

/** A UTF-16 surrogate not part of a pair (with the `u` flag, pairs match as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

const badText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * Whether a parsed value holds, at any depth, a string (value or object key) with NUL or a lone
 * surrogate. PostgreSQL stores neither in text. The walk keeps its own stack, so a deeply nested
 * body cannot overflow the call stack; its work is bounded by the body size.
 */
export function hasInvalidText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (badText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (badText(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses any request whose body, query string or path parameters carry NUL or invalid Unicode:
 * 400 INVALID_TEXT instead of a database error (500) further down.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (hasInvalidText(req.params) || hasInvalidText(req.query) || hasInvalidText(req.body)) {
      throw invalidText();
    }
  });
}
