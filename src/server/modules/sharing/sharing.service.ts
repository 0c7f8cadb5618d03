import crypto from 'node:crypto';
import { parseBulkLine } from '../../../shared/bulk-lines.ts';
import { formatPhone } from '../../../shared/phone.ts';
import {
  DEFAULT_REMARK,
  MAX_SINGLE_LINES,
  type CreateEndpointsResult,
  type Endpoint,
  type EndpointList,
  type Page,
  type PageDetail,
  type PageList,
} from '../../../shared/sharing.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { withValues } from '../../../shared/validation-message.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { storedText, translate } from '../../i18n.ts';
import type { NumbersRepository } from '../numbers/numbers.repository.ts';
import type { SharingChanges } from './changes.ts';
import { sharingErrors } from './sharing.errors.ts';
import {
  ForeignEndpointError,
  ForeignNumberError,
  type Cursor,
  type EndpointRow,
  type PageRow,
  type SharingRepository,
} from './sharing.repository.ts';

/** 128 random bits, base64url without padding: 22 characters (HASH_RE). */
export const newHash = () => crypto.randomBytes(16).toString('base64url');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toPage = (r: PageRow): Page => ({
  id: r.id,
  hash: r.hash,
  name: r.name,
  isActive: r.isActive,
  views: r.views,
  lastAccessed: iso(r.lastAccessed),
  createdAt: r.createdAt.toISOString(),
  numberCount: r.numberCount,
  firstNumbers: r.firstNumbers,
});

const toEndpoint = (r: EndpointRow): Endpoint => ({
  id: r.id,
  hash: r.hash,
  name: r.name,
  numberId: r.numberId,
  phoneNumber: r.phoneNumber,
  remark: r.remark,
  isActive: r.isActive,
  views: r.views,
  lastAccessed: iso(r.lastAccessed),
  createdAt: r.createdAt.toISOString(),
});

const cursorOf = (raw: string | undefined): Cursor | undefined => {
  if (!raw) return undefined;
  const c = decodeCursor(raw);
  return { createdAt: c.at, id: c.id };
};
const nextCursor = (rows: { createdAt: Date; id: string }[], more: boolean) => {
  const last = rows.at(-1);
  return more && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null;
};

/** Runs a write that may meet another user's number id: that is a 404, and nothing was written. */
async function ownNumbers<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ForeignNumberError) throw sharingErrors.numberNotFound();
    throw err;
  }
}

/**
 * The owner's side of sharing: public pages and single-number endpoints. Every id is the user's
 * or a 404, whether it is missing or another user's; numbers on a page or endpoint must be the
 * user's too (404, nothing written).
 */
/** An endpoint's name when none is given: 'API for (555) 000-1234'. */
const defaultName = (locale: Locale, phone: string) =>
  translate(locale, 'share.defaultEndpointName', { phone: formatPhone(phone) });

export function sharingService(deps: {
  repo: SharingRepository;
  numbers: Pick<NumbersRepository, 'byPhones' | 'get'>;
  /** Tells public streams and waiting scripts of this process that a link changed. */
  changes?: Pick<SharingChanges, 'changed'>;
}) {
  const { repo, numbers } = deps;
  const changed = (kind: 'page' | 'single', ids: string[]) => deps.changes?.changed(kind, ids);

  async function page(userId: string, id: string): Promise<PageDetail> {
    const row = await repo.getPage(userId, id);
    if (!row) throw sharingErrors.pageNotFound();
    return { ...toPage(row), numberIds: row.numberIds };
  }

  async function endpoint(userId: string, id: string): Promise<Endpoint> {
    const row = await repo.getEndpoint(userId, id);
    if (!row) throw sharingErrors.endpointNotFound();
    return toEndpoint(row);
  }

  return {
    async listPages(userId: string, q: { cursor?: string; limit: number }): Promise<PageList> {
      const { rows, more } = await repo.listPages(userId, cursorOf(q.cursor), q.limit);
      return { items: rows.map(toPage), nextCursor: nextCursor(rows, more) };
    },

    getPage: page,

    async createPage(userId: string, body: { name: string; numberIds: string[] }) {
      const id = await ownNumbers(() =>
        repo.createPage(userId, { name: body.name, numberIds: body.numberIds, hash: newHash() }),
      );
      return page(userId, id);
    },

    async updatePage(
      userId: string,
      id: string,
      body: { name?: string; numberIds?: string[]; isActive?: boolean },
    ) {
      const { numberIds, ...patch } = body;
      const found = await ownNumbers(() => repo.updatePage(userId, id, patch, numberIds));
      if (!found) throw sharingErrors.pageNotFound();
      changed('page', [id]);
      return page(userId, id);
    },

    /** A new hash: the old link stops working at once. */
    async regeneratePage(userId: string, id: string) {
      if (!(await repo.updatePage(userId, id, { hash: newHash() })))
        throw sharingErrors.pageNotFound();
      changed('page', [id]);
      return page(userId, id);
    },

    async deletePage(userId: string, id: string) {
      if (!(await repo.deletePage(userId, id))) throw sharingErrors.pageNotFound();
      changed('page', [id]);
    },

    async listEndpoints(
      userId: string,
      q: { remark?: string | undefined; cursor?: string | undefined; limit: number },
    ): Promise<EndpointList> {
      const [{ rows, more }, remarks] = await Promise.all([
        repo.listEndpoints(userId, q.remark || undefined, cursorOf(q.cursor), q.limit),
        repo.remarkCounts(userId),
      ]);
      return { items: rows.map(toEndpoint), nextCursor: nextCursor(rows, more), remarks };
    },

    getEndpoint: endpoint,

    /**
     * One endpoint for one of the user's numbers; default name 'API for (xxx) xxx-xxxx' in the
     * language of whoever makes it (`locale`).
     */
    async createEndpoint(
      userId: string,
      body: { numberId: string; name?: string; remark: string },
      locale: Locale,
    ) {
      const number = await numbers.get(userId, body.numberId);
      if (!number) throw sharingErrors.numberNotFound();
      const [row] = await ownNumbers(() =>
        repo.createEndpoints(userId, [
          {
            numberId: number.id,
            name: body.name ?? defaultName(locale, number.phoneNumber),
            remark: body.remark,
            hash: newHash(),
          },
        ]),
      );
      return toEndpoint(row!);
    },

    /**
     * Endpoints from pasted lines (the bulk-import separators: ----, tab either way, |, space; +1
     * and non-digits stripped; a link starting with http required), one per valid line whose
     * number is in the collection, in one transaction. No valid line at all is a 400. Names, the
     * lines' errors and the summary are in `locale`, the asker's language.
     */
    async createEndpointsFromLines(
      userId: string,
      body: { lines: string; remark?: string },
      locale: Locale,
    ): Promise<CreateEndpointsResult> {
      const raw = body.lines.split(/\r?\n/);
      const filled = raw.filter((l) => l.trim() !== '').length;
      if (filled > MAX_SINGLE_LINES) throw sharingErrors.tooManyLines();
      const errors: string[] = [];
      const phones: string[] = [];
      raw.forEach((line, i) => {
        if (line.trim() === '') return;
        const parsed = parseBulkLine(line, i + 1);
        if (parsed.ok) phones.push(parsed.value.phone);
        else errors.push(storedText(locale, parsed.message));
      });
      if (phones.length === 0) throw sharingErrors.linesRequired();
      const own = new Map(
        (await numbers.byPhones(userId, [...new Set(phones)])).map((n) => [n.phoneNumber, n.id]),
      );
      const remark = body.remark ?? DEFAULT_REMARK;
      const wanted = phones.flatMap((phone) => {
        const numberId = own.get(phone);
        if (!numberId) {
          errors.push(
            storedText(locale, withValues('validation.sharing.notInCollection', { phone })),
          );
          return [];
        }
        const name = defaultName(locale, phone);
        return [{ numberId, name, remark, hash: newHash() }];
      });
      const created = await ownNumbers(() => repo.createEndpoints(userId, wanted));
      return {
        created: created.map(toEndpoint),
        errors,
        // 'Created 3 entries with 2 errors' (product rules), or 'Created 3 entries'.
        message: translate(locale, 'server.sharing.created', {
          created: created.length,
          errors: errors.length,
        }),
      };
    },

    async updateEndpoint(
      userId: string,
      id: string,
      body: { name?: string; remark?: string; isActive?: boolean },
    ) {
      const row = await repo.updateEndpoint(userId, id, body);
      if (!row) throw sharingErrors.endpointNotFound();
      changed('single', [id]);
      return toEndpoint(row);
    },

    async regenerateEndpoint(userId: string, id: string) {
      const row = await repo.updateEndpoint(userId, id, { hash: newHash() });
      if (!row) throw sharingErrors.endpointNotFound();
      changed('single', [id]);
      return toEndpoint(row);
    },

    async deleteEndpoint(userId: string, id: string) {
      if (!(await repo.deleteEndpoint(userId, id))) throw sharingErrors.endpointNotFound();
      changed('single', [id]);
    },

    /** Deletes all of them, or (one is missing or another user's) none: 404. */
    async deleteEndpoints(userId: string, ids: string[]) {
      try {
        const deleted = await repo.deleteEndpoints(userId, ids);
        changed('single', ids);
        return deleted;
      } catch (err) {
        if (err instanceof ForeignEndpointError) throw sharingErrors.endpointNotFound();
        throw err;
      }
    },
  };
}
export type SharingService = ReturnType<typeof sharingService>;
