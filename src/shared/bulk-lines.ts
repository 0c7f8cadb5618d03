import { isValidApiLink } from './numbers.ts';
import { isValidPhone, normalizePhone } from './phone.ts';
import { withValues } from './validation-message.ts';

export type ParsedLine = { phone: string; link: string; tagNames: string[] };
/**
 * A line's number, link and tags, or what is wrong with it: a catalogue message with its line
 * (validation-message.ts), which the server answers in the reader's language and the app shows so.
 */
export type LineResult = { ok: true; value: ParsedLine } | { ok: false; message: string };

const isLink = (s: string) => /^https?:\/\//i.test(s);

/** Split one line into its phone part, link part and (for `|` lines) tag names. */
function split(line: string): [string, string, string[]] | undefined {
  if (line.includes('----')) {
    const i = line.indexOf('----');
    return [line.slice(0, i), line.slice(i + 4), []];
  }
  if (line.includes('|')) {
    const [a = '', b = '', tags = ''] = line.split('|');
    return [
      a,
      b,
      tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ];
  }
  // TAB or SPACE separated, in either order: the link is the token that starts with http.
  const tokens = line.split(/\s+/).filter(Boolean);
  if (tokens.length < 2) return undefined;
  const li = tokens.findIndex(isLink);
  if (li === -1) return [tokens.slice(0, -1).join(' '), tokens.at(-1)!, []];
  return [tokens.filter((_, i) => i !== li).join(' '), tokens[li]!, []];
}

/**
 * One bulk-import line in any of the six formats (product rules): phone----link, phone|link|tags,
 * phone TAB link, link TAB phone, link TAB +1phone, phone SPACE link. Errors carry the product's
 * wording; an invalid line's names the formats, without tags where they do not apply (`tags`
 * false: the public date checker).
 */
export function parseBulkLine(raw: string, lineNo: number, tags = true): LineResult {
  const line = { line: lineNo };
  const invalidFormat: LineResult = {
    ok: false,
    message: withValues(tags ? 'validation.lines.format' : 'validation.lines.formatNoTags', line),
  };
  const parts = split(raw.trim());
  if (!parts) return invalidFormat;
  let [a, b] = parts.map((p) => (typeof p === 'string' ? p.trim() : p)) as [string, string];
  if (isLink(a) && !isLink(b)) [a, b] = [b, a];
  const phone = normalizePhone(a);
  // Neither a phone number nor a link ('this line is not a number'): not a line of any format.
  if (!isValidPhone(phone) && !isLink(b)) return invalidFormat;
  if (!isValidPhone(phone))
    return { ok: false, message: withValues('validation.lines.phone', line) };
  if (!isValidApiLink(b)) return { ok: false, message: withValues('validation.lines.link', line) };
  return { ok: true, value: { phone, link: b, tagNames: parts[2] } };
}
