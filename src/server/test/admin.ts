import { eq } from 'drizzle-orm';
import {
  ALL_PERMISSIONS,
  type AdminPermission,
  type AdminPermissions,
  type AdminRole,
} from '../../shared/admin-access.ts';
import { adminUsers, users } from '../db/schema.ts';
import { signIn, type TestApp } from './app.ts';

let ipN = 0;
let emailN = 0;

/** A fresh address for each sign-in (20 sign-ins an hour per address). */
export const nextIp = () => `198.51.100.${(++ipN % 250) + 1}`;
export const newEmail = (prefix = 'someone') =>
  `${prefix}-${++emailN}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Only these permissions on (the others off). */
export const only = (...keys: AdminPermission[]): AdminPermissions => ({
  blog: keys.includes('blog'),
  users: keys.includes('users'),
  analytics: keys.includes('analytics'),
  settings: keys.includes('settings'),
});
/** Every permission but these. */
export const allBut = (...keys: AdminPermission[]): AdminPermissions => ({
  blog: !keys.includes('blog'),
  users: !keys.includes('users'),
  analytics: !keys.includes('analytics'),
  settings: !keys.includes('settings'),
});

/** Writes an administrator record straight to the database (creating the user if needed). */
export async function putAdmin(
  t: TestApp,
  email: string,
  opts: { role?: AdminRole; permissions?: AdminPermissions; isActive?: boolean } = {},
) {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email, emailVerified: true })
    .onConflictDoUpdate({ target: users.email, set: { emailVerified: true } })
    .returning({ id: users.id });
  const values = {
    role: opts.role ?? 'admin',
    permissions: opts.permissions ?? ALL_PERMISSIONS,
    isActive: opts.isActive ?? true,
  };
  const [admin] = await db
    .insert(adminUsers)
    .values({ userId: user!.id, ...values })
    .onConflictDoUpdate({ target: adminUsers.userId, set: values })
    .returning({ id: adminUsers.id });
  return { userId: user!.id, adminId: admin!.id };
}

/** Signs `email` in (from its own address) after making it an administrator with `opts`. */
export async function signInAdmin(
  t: TestApp,
  opts: { role?: AdminRole; permissions?: AdminPermissions; isActive?: boolean } = {},
  email = newEmail(opts.role ?? 'admin'),
) {
  const ids = await putAdmin(t, email, opts);
  const session = await signIn(t, email, nextIp());
  return { ...session, ...ids };
}

/** A signed-in user with no administrator record. */
export const signInUser = (t: TestApp, email = newEmail('user')) => signIn(t, email, nextIp());

/** The stored administrator record of a user, if any. */
export async function adminRecordOf(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.userId, userId));
  return row;
}
