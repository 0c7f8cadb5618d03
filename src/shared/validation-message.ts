import type { MessageId, MessageValues } from './i18n/namespaces.ts';

/*
 * A schema's message is a key of the catalogue's `validation` namespace (ADR 0020): the app
 * translates it where it shows a field's error, the server in its 400 answers. A message with
 * placeholders carries their values after the key as JSON (`withValues`), e.g.
 * `validation.settings.atLeast {"key":"max_numbers_per_user","min":1}`. No zod here: the islands
 * load this module.
 */

export type ValidationMessageId = Extract<MessageId, `validation.${string}`>;

/**
 * Any catalogue message as text: its key, then the values of its placeholders as JSON. The server
 * keeps texts for people so (why it turned a webhook off) and answers them translated.
 */
export const messageText = (id: MessageId, values?: MessageValues) =>
  values === undefined ? id : `${id} ${JSON.stringify(values)}`;

/** A validation message with the values of its placeholders. */
export const withValues = (id: ValidationMessageId, values: Record<string, string | number>) =>
  messageText(id, values);

/** '{field} must be true or false' (an API field's name, as the API spells it). */
export const mustBeBoolean = (field: string) => withValues('validation.mustBeBoolean', { field });

const MESSAGE = /^(([a-z]+)\.[A-Za-z0-9.]+)(?: (\{.*\}))?$/s;

/**
 * The key (and values) a message names, when it is one of `namespaces` (by default a schema's
 * message, or a client check's `common.*` key); null for any other text.
 */
export function readMessage(
  text: string,
  namespaces: readonly string[] = ['validation', 'common'],
): { id: MessageId; values?: MessageValues } | null {
  const m = MESSAGE.exec(text);
  if (!m || !namespaces.includes(m[2]!)) return null;
  if (m[3] === undefined) return { id: m[1] as MessageId };
  try {
    return { id: m[1] as MessageId, values: JSON.parse(m[3]) as MessageValues };
  } catch {
    return null;
  }
}
