import { readMessage } from '../../shared/validation-message.ts';
import type { Translate } from './i18n.tsx';

/**
 * A form error as shown: a message of the catalogue (a shared schema's, a client check's such as
 * PICK_A_NUMBER) translated, with its values; any other text (the server's answer, already in the
 * reader's language) as it is.
 */
export function errorText(t: Translate, text: string | undefined): string {
  if (!text) return '';
  const message = readMessage(text);
  return message ? t(message.id, message.values) : text;
}
