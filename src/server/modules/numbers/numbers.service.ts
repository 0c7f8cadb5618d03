import {
  EXPIRING_MAX,
  type ImportFormat,
  type ImportResult,
  type VoipNumber,
} from '../../../shared/numbers.ts';

const DAY_MS = 86_400_000;
import { withValues } from '../../../shared/validation-message.ts';
import type { Cipher } from '../../crypto.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { numberErrors } from './numbers.errors.ts';
import { cleanTagNames, parseImport } from './numbers.import.ts';
import {
  NumberLimitError,
  type Card,
  type NewNumber,
  type NumberFilters,
  type NumberRow,
  type NumbersRepository,
} from './numbers.repository.ts';
import { linkSearchText } from './link-search.ts';

type Fields = {
  phoneNumber: string;
  apiLink: string;
  notes: string;
  isActive: boolean;
  isFavorite: boolean;
};

const hostOf = (link: string) => new URL(link).host.toLowerCase();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function numbersService(deps: {
  repo: NumbersRepository;
  cipher: Cipher;
  now?: () => Date;
  /** The max_numbers_per_user setting: adding or importing past it is refused. */
  maxNumbers?: () => Promise<number>;
}) {
  const { repo, cipher } = deps;

  /** repo.insertMany within the user's number limit (409 NUMBER_LIMIT_REACHED past it). */
  async function insertWithinLimit(...[userId, rows]: Parameters<NumbersRepository['insertMany']>) {
    const limit = deps.maxNumbers ? await deps.maxNumbers() : undefined;
    try {
      return await repo.insertMany(userId, rows, limit);
    } catch (err) {
      if (err instanceof NumberLimitError)
        throw numberErrors.limitReached(err.limit, err.have, err.adding);
      // A tag deleted (or merged away) since it was checked.
      if (isForeignKeyViolation(err)) throw numberErrors.tagNotFound();
      throw err;
    }
  }
  const now = deps.now ?? (() => new Date());

  const toDto = ({ row, tags, messageCount, recentMessages }: Card): VoipNumber => ({
    id: row.id,
    phoneNumber: row.phoneNumber,
    apiLink: cipher.decrypt(row.apiLinkEnc),
    apiHost: row.apiHost,
    isActive: row.isActive,
    isFavorite: row.isFavorite,
    notes: row.notes,
    lastUsed: iso(row.lastUsed),
    endDate: iso(row.endDate),
    dateLastChecked: iso(row.dateLastChecked),
    createdAt: row.createdAt.toISOString(),
    tags,
    lastError: row.lastError,
    lastPolledAt: iso(row.lastPolledAt),
    linkMayBeDead: row.linkMayBeDead,
    messageCount,
    // json_agg gives Postgres timestamp text; the API speaks ISO 8601 UTC.
    recentMessages: recentMessages.map((m) => ({
      ...m,
      receivedAt: new Date(m.receivedAt).toISOString(),
    })),
  });

  /** The answer for one number (after a read or a write): its card, or 404 when it is gone. */
  async function cardOf(userId: string, id: string) {
    const card = await repo.card(userId, id);
    if (!card) throw numberErrors.notFound();
    return toDto(card);
  }

  /** Foreign or unknown tag ids behave like missing ones: 404. */
  async function assertOwnTags(userId: string, ids: string[]) {
    if ((await repo.ownedTagIds(userId, ids)).length !== ids.length)
      throw numberErrors.tagNotFound();
  }

  const newRow = (f: Fields, tagIds: string[]): NewNumber => ({
    phoneNumber: f.phoneNumber,
    apiLinkEnc: cipher.encrypt(f.apiLink),
    apiHost: hostOf(f.apiLink),
    apiHostPath: linkSearchText(f.apiLink),
    isActive: f.isActive,
    isFavorite: f.isFavorite,
    notes: f.notes,
    tagIds,
  });

  return {
    async list(userId: string, q: NumberFilters & { cursor?: string; limit: number }) {
      const at = q.cursor ? decodeCursor(q.cursor) : undefined;
      const cursor = at && { createdAt: at.at, id: at.id };
      const { rows, more, total, totalCapped, collectionTotal } = await repo.list(
        userId,
        q,
        cursor,
        q.limit,
      );
      return {
        items: rows.map(toDto),
        total: total ?? null,
        totalCapped,
        collectionTotal: collectionTotal ?? null,
        nextCursor: more
          ? encodeCursor({ at: rows.at(-1)!.row.createdAt, id: rows.at(-1)!.row.id })
          : null,
      };
    },

    /** Active numbers ending within `days` days, or ended within the last day; soonest first. */
    async expiring(userId: string, days: number) {
      const t = now().getTime();
      const rows = await repo.expiring(
        userId,
        new Date(t - DAY_MS),
        new Date(t + days * DAY_MS),
        EXPIRING_MAX,
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          phoneNumber: r.phoneNumber,
          endDate: r.endDate!.toISOString(),
          daysLeft: Math.max(0, Math.ceil((r.endDate!.getTime() - t) / DAY_MS)),
        })),
      };
    },

    matching: (userId: string, q: NumberFilters & { max: number }) =>
      repo.matching(userId, q, q.max),

    get: cardOf,

    async create(userId: string, body: Fields & { tagIds: string[]; tagNames?: string[] }) {
      await assertOwnTags(userId, body.tagIds);
      const {
        inserted: [row],
      } = await insertWithinLimit(userId, [
        { ...newRow(body, body.tagIds), tagNames: body.tagNames ?? [], createTags: true },
      ]);
      if (!row) throw numberErrors.alreadyExists(body.phoneNumber);
      return cardOf(userId, row.id);
    },

    async update(
      userId: string,
      id: string,
      body: Partial<Fields> & { tagIds?: string[]; tagNames?: string[] },
    ) {
      const { tagIds: ids, tagNames, apiLink, ...rest } = body;
      // Either tag field replaces the tag set, by both together.
      const tagIds = ids ?? (tagNames ? [] : undefined);
      if (tagIds) await assertOwnTags(userId, tagIds);
      const patch: Parameters<NumbersRepository['update']>[2] = { ...rest };
      // The edit form sends the link and the active flag on every save: only a different link or
      // an inactive number turned on is polled at once with a clean error state (otherwise a
      // notes-only save would wipe a failing number's backoff and error).
      if (apiLink !== undefined || rest.isActive === true) {
        const old = await repo.get(userId, id);
        if (!old) throw numberErrors.notFound();
        const linkChanged = apiLink !== undefined && cipher.decrypt(old.apiLinkEnc) !== apiLink;
        if (linkChanged) {
          patch.apiLinkEnc = cipher.encrypt(apiLink);
          patch.apiHost = hostOf(apiLink);
          patch.apiHostPath = linkSearchText(apiLink);
        }
        if (linkChanged || (rest.isActive === true && !old.isActive)) {
          Object.assign(patch, { nextPollAt: now(), failures: 0, lastError: null });
        }
      }
      let row: NumberRow | undefined;
      try {
        row = await repo.update(userId, id, patch, tagIds, tagNames);
      } catch (err) {
        if (isUniqueViolation(err) && body.phoneNumber)
          throw numberErrors.alreadyExists(body.phoneNumber);
        // A tag deleted (or merged away) since it was checked.
        if (isForeignKeyViolation(err)) throw numberErrors.tagNotFound();
        throw err;
      }
      if (!row) throw numberErrors.notFound();
      return cardOf(userId, row.id);
    },

    async remove(userId: string, id: string) {
      if ((await repo.deleteMany(userId, [id])) === 0) throw numberErrors.notFound();
    },

    bulkDelete: (userId: string, ids: string[]) => repo.deleteMany(userId, [...new Set(ids)]),
    clear: (userId: string) => repo.clear(userId),

    async exportAll(userId: string) {
      const rows = await repo.all(userId);
      const tags = await repo.tagsFor(rows.map((r) => r.id));
      return rows.map((r) => ({
        phoneNumber: r.phoneNumber,
        apiLink: cipher.decrypt(r.apiLinkEnc),
        isActive: r.isActive,
        isFavorite: r.isFavorite,
        notes: r.notes,
        tags: (tags.get(r.id) ?? []).map((t) => t.name),
      }));
    },

    /**
     * Import bulk lines, `number|API link` lines or the settings JSON. Valid entries are stored
     * (one transaction) even when others fail; duplicates in the file or already stored are
     * reported (flagged `duplicate`), never fatal.
     */
    async import(
      userId: string,
      text: string,
      format: ImportFormat,
      overrideTagIds: string[] | undefined,
      overrideTagNames?: string[],
    ): Promise<ImportResult> {
      if (overrideTagIds) await assertOwnTags(userId, overrideTagIds);
      const override = overrideTagIds || overrideTagNames;
      const parsed = parseImport(text, format);
      const errors: ImportResult['errors'] = parsed.errors.map((e) => ({ ...e, duplicate: false }));
      const duplicate =
        parsed.input === 'json' ? 'validation.entries.duplicate' : 'validation.lines.duplicate';
      let duplicates = 0;
      const dup = (line: number, phone: string) => {
        duplicates++;
        errors.push({ line, message: withValues(duplicate, { line, phone }), duplicate: true });
      };

      const firstByPhone = new Map<string, (typeof parsed.entries)[number]>();
      for (const e of parsed.entries) {
        if (firstByPhone.has(e.phone)) dup(e.line, e.phone);
        else firstByPhone.set(e.phone, e);
      }
      const unique = [...firstByPhone.values()];

      // Tags named in the settings JSON are created (or found) in the numbers' transaction (all
      // or nothing); names on bulk lines only match the user's existing tags.
      const { inserted, unknownTags } = await insertWithinLimit(
        userId,
        unique.map((e) => ({
          ...newRow(
            {
              phoneNumber: e.phone,
              apiLink: e.link,
              notes: e.notes,
              isActive: e.isActive,
              isFavorite: e.isFavorite,
            },
            overrideTagIds ?? [],
          ),
          tagNames: override ? (overrideTagNames ?? []) : cleanTagNames(e.tagNames),
          createTags: override ? true : e.createTags,
        })),
      );
      if (inserted.length >= 1000) await repo.analyze();
      const stored = new Set(inserted.map((r) => r.phoneNumber));
      for (const e of unique) if (!stored.has(e.phone)) dup(e.line, e.phone);
      errors.sort((a, b) => a.line - b.line);
      return { imported: inserted.length, duplicates, input: parsed.input, errors, unknownTags };
    },
  };
}
export type NumbersService = ReturnType<typeof numbersService>;
