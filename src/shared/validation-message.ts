import type { MessageId, MessageValues } from './i18n/namespaces.ts';

/*
 * A schema's message is a key of the catalogue's `validation` namespace (ADR 0020): the app
 * translates it where it shows a field's error, the server in its 400 answers. A message with
 * placeholders carries their values after the key as JSON (`withValues`), e.g.
 * `validation.settings.atLeast {"key":"max_numbers_per_user","min":1}`. No zod here: the islands
 * load this module.
 */

export type ValidationMessageId = Extract<MessageId, `validation.${string}`>;

/** A validation message with the values of its placeholders. */
export const withValues = (id: ValidationMessageId, values: Record<string, string | number>) =>
  `${id} ${JSON.stringify(values)}`;

/** '{field} must be true or false' (an API field's name, as the API spells it). */
export const mustBeBoolean = (field: string) => withValues('validation.mustBeBoolean', { field });

const MESSAGE = /^((?:validation|common)\.[A-Za-z0-9.]+)(?: (\{.*\}))?$/s;

/**
 * The key (and values) a message names, when it is one of the catalogue's (a schema's message,
 * or a client check's `common.*` key); null for any other text.
 */
export function readMessage(text: string): { id: MessageId; values?: MessageValues } | null {
  const m = MESSAGE.exec(text);
  if (!m) return null;
  if (m[2] === undefined) return { id: m[1] as MessageId };
  try {
    return { id: m[1] as MessageId, values: JSON.parse(m[2]) as MessageValues };
  } catch {
    return null;
  }
}
