const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A post's date in the long form of the language `tag` ('November 24, 2026', '24 ноября 2026 г.'),
 * the UTC day: the same in the HTML the server renders (ADR 0019) as in every viewer's browser.
 * Formatters are made on first use, one per language.
 */
export function formatPostDate(iso: string, tag: string): string {
  let format = longDates.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
    longDates.set(tag, format);
  }
  return format.format(new Date(iso));
}
