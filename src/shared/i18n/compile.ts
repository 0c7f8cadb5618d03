import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

/**
 * A catalogue file's ICU messages compiled ahead of use into Lingui's runtime form (plain JSON:
 * strings and token arrays), so neither the browser nor the server parses ICU at run time. The
 * Vite plugin in vite.config.ts runs it on every catalogue a bundle imports; the server on all of
 * them at start-up (server/i18n.ts).
 */
export function compileCatalog(raw: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
}
