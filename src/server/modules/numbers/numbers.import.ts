import { parseBulkLine, type LineResult } from '../../../shared/bulk-lines.ts';
import {
  isValidApiLink,
  MAX_IMPORT_LINES,
  MAX_TAGS_PER_NUMBER,
  type ImportFormat,
} from '../../../shared/numbers.ts';
import { isValidPhone, normalizePhone } from '../../../shared/phone.ts';
import { withValues } from '../../../shared/validation-message.ts';
import { invalidText } from '../../errors.ts';
import { hasInvalidText } from '../../plugins/input-guard.ts';
import { numberErrors } from './numbers.errors.ts';

export type ImportEntry = {
  line: number;
  phone: string;
  link: string;
  isActive: boolean;
  isFavorite: boolean;
  notes: string;
  tagNames: string[];
  /**
   * Whether missing tags are created: yes for the settings JSON (an export brings its tags back);
   * no for bulk lines, whose names are matched to the user's existing tags (unknown ones ignored).
   */
  createTags: boolean;
};
export type ImportError = { line: number; message: string };
export type ImportParse = {
  /** What `line` counts: text lines, or entries of the JSON array. */
  input: 'lines' | 'json';
  entries: ImportEntry[];
  errors: ImportError[];
};

/** The settings page's line format (docs/product-rules.md), named in its line errors. */

// Text files have no NUL bytes and few control characters; anything else is treated as binary.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\ufffd]/g;

/**
 * Parse an import: the settings JSON (array of {phoneNumber, apiLink, isActive?, isFavorite?, notes?,
 * tags?}) or lines — in any bulk format ('bulk', the Add Number page) or `number|API link`
 * ('settings', the settings page). Per-entry errors are collected; only a wholly unusable input throws.
 */
export function parseImport(text: string, format: ImportFormat = 'bulk'): ImportParse {
  if (
    text.includes('\u0000') ||
    (text.match(CONTROL)?.length ?? 0) > Math.max(8, text.length / 100)
  ) {
    throw numberErrors.notText();
  }
  const trimmed = text.trim();
  if (!trimmed) throw numberErrors.nothingToImport();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return parseJson(trimmed);
  // Settings text that is neither JSON nor `number|API link` lines is no import at all.
  if (format === 'settings' && !trimmed.includes('|')) throw numberErrors.importFormat();
  return parseLines(text, format === 'settings' ? parseSettingsLine : parseBulkLine);
}

function parseJson(text: string): ImportParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw numberErrors.importFormat();
  }
  if (!Array.isArray(data)) throw numberErrors.importFormat();
  if (hasInvalidText(data)) throw invalidText(); // an escaped NUL ("\u0000") PostgreSQL refuses
  if (data.length === 0) throw numberErrors.nothingToImport();
  if (data.length > MAX_IMPORT_LINES) throw numberErrors.tooManyLines(MAX_IMPORT_LINES);
  const out: ImportParse = { input: 'json', entries: [], errors: [] };
  data.forEach((item: unknown, i) => {
    const line = i + 1;
    const o = item as Record<string, unknown> | null;
    if (
      !o ||
      typeof o !== 'object' ||
      Array.isArray(o) ||
      typeof o.phoneNumber !== 'string' ||
      typeof o.apiLink !== 'string'
    ) {
      out.errors.push({ line, message: withValues('validation.entries.format', { line }) });
      return;
    }
    const phone = normalizePhone(o.phoneNumber);
    if (!isValidPhone(phone)) {
      out.errors.push({ line, message: withValues('validation.entries.phone', { line }) });
      return;
    }
    const link = o.apiLink.trim();
    if (!isValidApiLink(link)) {
      out.errors.push({ line, message: withValues('validation.entries.link', { line }) });
      return;
    }
    out.entries.push({
      line,
      phone,
      link,
      isActive: o.isActive !== false,
      isFavorite: o.isFavorite === true,
      notes: typeof o.notes === 'string' ? o.notes.slice(0, 2000) : '',
      tagNames: Array.isArray(o.tags)
        ? o.tags.filter((t): t is string => typeof t === 'string')
        : [],
      createTags: true,
    });
  });
  return out;
}

/**
 * One settings line, `number|API link` (a third part of tag names is read as on bulk | lines).
 * A line of another shape gets the settings format error, not the six bulk formats'.
 */
export function parseSettingsLine(raw: string, lineNo: number): LineResult {
  const parts = raw.split('|').map((p) => p.trim());
  const line = { line: lineNo };
  const invalidFormat: LineResult = {
    ok: false,
    message: withValues('validation.lines.settingsFormat', line),
  };
  if (parts.length < 2 || parts.length > 3) return invalidFormat;
  const [number = '', link = '', tags = ''] = parts;
  const phone = normalizePhone(number);
  // Neither a phone number nor a link: not a `number|API link` line.
  if (!isValidPhone(phone) && !/^https?:\/\//i.test(link)) return invalidFormat;
  if (!isValidPhone(phone))
    return { ok: false, message: withValues('validation.lines.phone', line) };
  if (!isValidApiLink(link))
    return { ok: false, message: withValues('validation.lines.link', line) };
  const tagNames = tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return { ok: true, value: { phone, link, tagNames } };
}

function parseLines(
  text: string,
  parseLine: (raw: string, lineNo: number) => LineResult,
): ImportParse {
  const lines = text.split(/\r?\n/);
  const nonBlank = lines.filter((l) => l.trim()).length;
  if (nonBlank > MAX_IMPORT_LINES) throw numberErrors.tooManyLines(MAX_IMPORT_LINES);
  const out: ImportParse = { input: 'lines', entries: [], errors: [] };
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const r = parseLine(raw, i + 1);
    if (!r.ok) out.errors.push({ line: i + 1, message: r.message });
    else
      out.entries.push({
        line: i + 1,
        phone: r.value.phone,
        link: r.value.link,
        isActive: true,
        isFavorite: false,
        notes: '',
        tagNames: r.value.tagNames,
        createTags: false,
      });
  });
  return out;
}

/** Tag names of an entry: trimmed, unique case-insensitively, at most MAX_TAGS_PER_NUMBER. */
export function cleanTagNames(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) {
    const t = n.trim().slice(0, 40);
    if (t && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  }
  return [...seen.values()].slice(0, MAX_TAGS_PER_NUMBER);
}
