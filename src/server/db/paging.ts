import { invalidCursor } from '../errors.ts';

/** A keyset position: the sort time and id of the last row sent. */
export type KeysetCursor = { at: Date; id: string };

/** The opaque cursor the API hands out for a keyset position. */
export const encodeCursor = (c: KeysetCursor) =>
  Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a cursor from `encodeCursor`; anything else is a 400: the id must be a uuid and the time
 * exactly as `encodeCursor` writes it, in years 1 to 9999 (what PostgreSQL's timestamptz takes).
 */
export function decodeCursor(raw: string): KeysetCursor {
  const parts = Buffer.from(raw, 'base64url').toString().split('|');
  const [iso = '', id = ''] = parts;
  const at = new Date(iso);
  const year = at.getUTCFullYear();
  if (
    parts.length !== 2 ||
    Number.isNaN(at.getTime()) ||
    year < 1 ||
    year > 9999 ||
    at.toISOString() !== iso ||
    !UUID.test(id)
  ) {
    throw invalidCursor();
  }
  return { at, id };
}

/** `s` matched literally inside a LIKE / ILIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
