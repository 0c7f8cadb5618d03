import { AppError } from '../errors.ts';

/** A keyset position: the sort time and id of the last row sent. */
export type KeysetCursor = { at: Date; id: string };

/** The opaque cursor the API hands out for a keyset position. */
export const encodeCursor = (c: KeysetCursor) =>
  Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');

/** Reads a cursor from `encodeCursor`; anything else is a 400. */
export function decodeCursor(raw: string): KeysetCursor {
  const [iso = '', id = ''] = Buffer.from(raw, 'base64url').toString().split('|');
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError(400, 'INVALID_CURSOR', 'Invalid cursor');
  }
  return { at, id };
}

/** `s` matched literally inside a LIKE / ILIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
