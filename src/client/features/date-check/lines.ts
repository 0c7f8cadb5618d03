import { isValidPhone, normalizePhone } from '../../../shared/phone.ts';

/**
 * A best guess at a line's phone number, shown while it is being checked (the server's answer
 * replaces it): the 10 digits outside any http link, else the start of the line without its
 * links (they may hold credentials).
 */
export function guessPhone(line: string): string {
  const tokens = line.split(/----|\||\t|\s+/).filter((t) => t && !/^https?:/i.test(t));
  const phone = normalizePhone(tokens.join(''));
  return isValidPhone(phone) ? phone : (tokens.join(' ') || line).slice(0, 40);
}
