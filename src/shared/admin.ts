import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { mustBeBoolean } from './validation-message.ts';

/** Administrators: roles, per-section permissions, and the admin API's shapes. */

export * from './admin-access.ts';
import { adminPermissionsSchema, adminRoleSchema, ALL_PERMISSIONS } from './admin-access.ts';

// ---- Administrators (/v1/admin/admins) ----

export const adminDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  role: adminRoleSchema,
  permissions: adminPermissionsSchema,
  isActive: z.boolean(),
  lastLogin: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminDto = z.infer<typeof adminDto>;

/** Create defaults (product rules): role admin, all four permissions, active. */
export const createAdminBody = z.strictObject({
  email: emailSchema,
  role: adminRoleSchema.default('admin'),
  permissions: adminPermissionsSchema.default(ALL_PERMISSIONS),
  isActive: z.boolean({ error: mustBeBoolean('isActive') }).default(true),
});
export type CreateAdmin = z.input<typeof createAdminBody>;

/** The email is fixed on edit: only these keys, at least one. */
export const updateAdminBody = z
  .strictObject({
    role: adminRoleSchema.optional(),
    permissions: adminPermissionsSchema.optional(),
    isActive: z.boolean({ error: mustBeBoolean('isActive') }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'validation.nothingToUpdate');
export type UpdateAdmin = z.infer<typeof updateAdminBody>;

export const ADMIN_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export const adminListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(ADMIN_STATUS_FILTERS).default('all'),
});
export const adminListResponse = z.object({ items: z.array(adminDto), total: z.number().int() });

// ---- Platform users (/v1/admin/users) ----

export const USER_STATUS_FILTERS = ['all', 'verified', 'unverified', 'admin'] as const;
export const USERS_PAGE_SIZE = 50;
export const userListQuery = z.object({
  /** Email substring or ID prefix, case-insensitive. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
});
export const adminUserRow = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The latest of the user's sign-in and session activity; null if never signed in. */
  lastActiveAt: z.iso.datetime().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const userListResponse = z.object({
  items: z.array(adminUserRow),
  /** Users matching the search and filter (all pages). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

// ---- Contact messages (/v1/admin/contact-messages, permission users) ----

export const contactListQuery = z.object({
  status: z.enum(['all', 'open', 'handled']).default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const contactMessageDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  /** Email of the admin who marked it handled (null if open or that user is gone). */
  handledBy: z.string().nullable(),
});
export type ContactMessageDto = z.infer<typeof contactMessageDto>;
export const contactListResponse = z.object({
  items: z.array(contactMessageDto),
  /** Open (not handled) messages in total. */
  open: z.number().int(),
  nextCursor: z.string().nullable(),
});
export const updateContactBody = z.strictObject({
  handled: z.boolean({ error: mustBeBoolean('handled') }),
});

// ---- Admin dashboard, one section per permission (/v1/admin/dashboard/*) ----

export const DASHBOARD_DAYS = 30;
export const dailyCount = z.object({ date: z.iso.date(), count: z.number().int() });

/** GET /v1/admin/dashboard/users (permission users): the user, number and message figures. */
export const adminDashboardUsers = z.object({
  totalUsers: z.number().int(),
  /** Users created in the last 7 days ('+N this week'). */
  recentSignups: z.number().int(),
  totalNumbers: z.number().int(),
  /** Distinct users with a session used in the last 7 days. */
  activeUsers: z.number().int(),
  totalMessages: z.number().int(),
  /** Messages stored since midnight UTC ('Processed today'). */
  messagesToday: z.number().int(),
  /** 30 days ending today (UTC), zero-filled, oldest first. */
  userGrowth: z.array(dailyCount),
  messageVolume: z.array(dailyCount),
  generatedAt: z.iso.datetime(),
});
export type AdminDashboardUsers = z.infer<typeof adminDashboardUsers>;

/** GET /v1/admin/dashboard/blog (permission blog): the published posts' figures. */
export const adminDashboardBlog = z.object({
  /** Published posts only. */
  totalBlogPosts: z.number().int(),
  /** Published posts per category, most first. */
  topCategories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  /** Top 5 published posts by view count. */
  popularPosts: z.array(
    z.object({
      id: z.uuid(),
      slug: z.string(),
      title: z.string(),
      category: z.string(),
      readTime: z.string(),
      viewCount: z.number().int(),
      likeCount: z.number().int(),
    }),
  ),
  generatedAt: z.iso.datetime(),
});
export type AdminDashboardBlog = z.infer<typeof adminDashboardBlog>;

/** GET /v1/admin/dashboard/activity (permission analytics): the latest 10 events. */
export const adminDashboardActivity = z.object({
  recentEvents: z.array(
    z.object({
      id: z.uuid(),
      type: z.string(),
      userId: z.uuid().nullable(),
      pageUrl: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  generatedAt: z.iso.datetime(),
});
export type AdminDashboardActivity = z.infer<typeof adminDashboardActivity>;

// ---- Audit log (/v1/admin/audit, super_admin) ----

export const auditEntryDto = z.object({
  id: z.uuid(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export const auditListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const auditListResponse = z.object({
  items: z.array(auditEntryDto),
  nextCursor: z.string().nullable(),
});
