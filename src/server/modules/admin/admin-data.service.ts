import type { z } from 'zod';
import {
  DASHBOARD_DAYS,
  type AdminDashboardActivity,
  type AdminDashboardBlog,
  type AdminDashboardUsers,
  type ContactMessageDto,
  type contactListQuery,
  type contactListResponse,
  type userListQuery,
  type userListResponse,
} from '../../../shared/admin.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { adminDataErrors } from './admin-data.errors.ts';
import type { ContactAdminRepository, ContactMessageRow } from './contact-admin.repository.ts';
import type { DashboardAdminRepository } from './dashboard-admin.repository.ts';
import type { UsersAdminRepository } from './users-admin.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a UTC day. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The `days` UTC days ending with `today`, oldest first, each with its count or zero. */
export function zeroFilled(
  today: Date,
  days: number,
  counts: { date: string; count: number }[],
): { date: string; count: number }[] {
  const byDay = new Map(counts.map((c) => [c.date, c.count]));
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const date = dayOf(new Date(midnight - (days - 1 - i) * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
}

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

/** The admin area's read models: platform users, contact messages and the dashboard's sections. */
export function adminDataService(deps: {
  users: UsersAdminRepository;
  contact: ContactAdminRepository;
  dashboard: DashboardAdminRepository;
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

    /** The stat cards and 30-day series of users, numbers and messages. */
    async dashboardUsers(): Promise<AdminDashboardUsers> {
      const now = deps.now();
      const from = new Date(now.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
      const d = await deps.dashboard.users(now, dayOf(from), dayOf(now));
      return {
        ...d,
        userGrowth: zeroFilled(now, DASHBOARD_DAYS, d.userGrowth),
        messageVolume: zeroFilled(now, DASHBOARD_DAYS, d.messageVolume),
        generatedAt: now.toISOString(),
      };
    },

    /** The published posts' count, categories and the most viewed. */
    async dashboardBlog(): Promise<AdminDashboardBlog> {
      const now = deps.now();
      return { ...(await deps.dashboard.blog()), generatedAt: now.toISOString() };
    },

    /** The latest events. */
    async dashboardActivity(): Promise<AdminDashboardActivity> {
      const now = deps.now();
      const events = await deps.dashboard.recentEvents();
      return {
        recentEvents: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
        generatedAt: now.toISOString(),
      };
    },
  };
}
export type AdminDataService = ReturnType<typeof adminDataService>;
