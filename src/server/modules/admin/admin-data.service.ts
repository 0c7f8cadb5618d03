import type { z } from 'zod';
import type {
  AdminStats,
  ContactMessageDto,
  contactListQuery,
  contactListResponse,
  userListQuery,
  userListResponse,
} from '../../../shared/admin.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { adminDataErrors } from './admin-data.errors.ts';
import type { ContactAdminRepository, ContactMessageRow } from './contact-admin.repository.ts';
import type { StatsAdminRepository } from './stats-admin.repository.ts';
import type { UsersAdminRepository } from './users-admin.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const contactDto = (r: ContactMessageRow): ContactMessageDto => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  handledAt: iso(r.handledAt),
});

/** A page of `limit` from up to `limit + 1` rows, and the cursor after its last row. */
function paged<T extends { id: string; createdAt: Date }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** The admin area's read models: platform users, contact messages and the stat cards. */
export function adminDataService(deps: {
  users: UsersAdminRepository;
  contact: ContactAdminRepository;
  stats: StatsAdminRepository;
  now: () => Date;
}) {
  return {
    async listUsers(q: z.output<typeof userListQuery>): Promise<z.input<typeof userListResponse>> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const { items, total } = await deps.users.list({ q: q.q, status: q.status }, cursor, q.limit);
      const page = paged(items, q.limit);
      return {
        total,
        nextCursor: page.nextCursor,
        items: page.items.map((u) => ({
          ...u,
          createdAt: u.createdAt.toISOString(),
          lastActiveAt: iso(u.lastActiveAt),
        })),
      };
    },

    async listContactMessages(
      q: z.output<typeof contactListQuery>,
    ): Promise<z.input<typeof contactListResponse>> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const { items, open } = await deps.contact.list(q.status, cursor, q.limit);
      const page = paged(items, q.limit);
      return { open, nextCursor: page.nextCursor, items: page.items.map(contactDto) };
    },

    async setContactHandled(
      actor: { id: string; email: string },
      id: string,
      handled: boolean,
    ): Promise<ContactMessageDto> {
      const row = await deps.contact.setHandled(id, handled, actor, deps.now());
      if (!row) throw adminDataErrors.contactMessageNotFound();
      return contactDto(row);
    },

    async stats(): Promise<AdminStats> {
      const now = deps.now();
      return { ...(await deps.stats.counts(now)), generatedAt: now.toISOString() };
    },
  };
}
export type AdminDataService = ReturnType<typeof adminDataService>;
