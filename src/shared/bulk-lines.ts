import { isValidApiLink } from './numbers.ts';
import { isValidPhone, normalizePhone } from './phone.ts';

export const EXPECTED_FORMAT =
  'phone----link, phone|link|tags, phone<TAB>link, link<TAB>phone or phone link';
/** The lines where tags do not apply (the public date checker): a number and its link only. */
export const LINK_LINE_FORMAT =
  'phone|link, phone----link, phone<TAB>link, link<TAB>phone or phone link';

export type ParsedLine = { phone: string; link: string; tagNames: string[] };
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
 * phone TAB link, link TAB phone, link TAB +1phone, phone SPACE link. Errors carry the product's wording;
 * `expected` is the formats an invalid line's error names (where tags do not apply, LINK_LINE_FORMAT).
 */
export function parseBulkLine(
  raw: string,
  lineNo: number,
  expected: string = EXPECTED_FORMAT,
): LineResult {
  const invalidFormat: LineResult = {
    ok: false,
    message: `Line ${lineNo}: Invalid format. Expected format: ${expected}`,
  };
  const parts = split(raw.trim());
  if (!parts) return invalidFormat;
  let [a, b] = parts.map((p) => (typeof p === 'string' ? p.trim() : p)) as [string, string];
  if (isLink(a) && !isLink(b)) [a, b] = [b, a];
  const phone = normalizePhone(a);
  // Neither a phone number nor a link ('this line is not a number'): not a line of any format.
  if (!isValidPhone(phone) && !isLink(b)) return invalidFormat;
  if (!isValidPhone(phone))
    return {
      ok: false,
      message: `Line ${lineNo}: Invalid phone number. Must be exactly 10 digits.`,
    };
  if (!isValidApiLink(b))
    return { ok: false, message: `Line ${lineNo}: Invalid API link. Must start with http.` };
  return { ok: true, value: { phone, link: b, tagNames: parts[2] } };
}
