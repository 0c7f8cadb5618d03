import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import type { AdminStatus, ContactStatus, UserStatus } from '../api/keys.ts';

export const TABS = ['users', 'admins', 'subscribers', 'contact'] as const;
export type Tab = (typeof TABS)[number];
/** The tabs with a Status filter (subscribers have none). */
export type StatusTab = Exclude<Tab, 'subscribers'>;
export const hasStatus = (tab: Tab): tab is StatusTab => tab !== 'subscribers';

/**
 * Each tab's Status options and their words. Records, so the compiler holds them to the API's
 * filter values (USER_STATUS_FILTERS, ADMIN_STATUS_FILTERS in shared/admin.ts, which is not
 * imported here: it would bring its zod schemas into the page).
 */
export const STATUS_OPTIONS = {
  users: {
    all: 'admin.users.statusAll',
    verified: 'admin.users.statusVerified',
    unverified: 'admin.users.statusUnverified',
    admin: 'admin.users.statusAdmin',
  },
  admins: {
    all: 'admin.users.statusAll',
    active: 'admin.users.statusActive',
    inactive: 'admin.users.statusInactive',
  },
  contact: {
    all: 'admin.users.statusAll',
    open: 'admin.users.statusOpen',
    handled: 'admin.users.statusHandled',
  },
} as const satisfies {
  users: Record<UserStatus, MessageId>;
  admins: Record<AdminStatus, MessageId>;
  contact: Record<ContactStatus, MessageId>;
};
const optionsOf = <T extends string>(labels: Record<T, MessageId>) => Object.keys(labels) as T[];

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * User Management's state in the URL (?tab=&q=&status=; the subscribers tab has no status), so
 * reloads, the back button and shared links keep it. The tab defaults to users; search and
 * status belong to the tab shown, so changing tabs clears them (the status options differ per
 * tab).
 */
export function useUserManagementFilters() {
  const { params, set, clear } = useUrlFilters<'q' | 'status'>();
  const [, setParams] = useSearchParams();
  const tab = pick(TABS, params.get('tab'), 'users');
  const q = tab === 'contact' ? '' : (params.get('q') ?? '');
  const rawStatus = params.get('status');
  const userStatus = pick(optionsOf<UserStatus>(STATUS_OPTIONS.users), rawStatus, 'all');
  const adminStatus = pick(optionsOf<AdminStatus>(STATUS_OPTIONS.admins), rawStatus, 'all');
  const contactStatus = pick(optionsOf<ContactStatus>(STATUS_OPTIONS.contact), rawStatus, 'all');
  const status =
    tab === 'users'
      ? userStatus
      : tab === 'admins'
        ? adminStatus
        : tab === 'contact'
          ? contactStatus
          : 'all';
  const activeCount = (q.trim() ? 1 : 0) + (status !== 'all' ? 1 : 0);

  const setTab = useCallback(
    (next: Tab) =>
      setParams(next === 'users' ? new URLSearchParams() : new URLSearchParams({ tab: next }), {
        replace: true,
      }),
    [setParams],
  );
  const clearFilters = useCallback(
    () => (tab === 'users' ? clear() : setParams(new URLSearchParams({ tab }), { replace: true })),
    [tab, clear, setParams],
  );

  return {
    tab,
    q,
    userStatus,
    adminStatus,
    contactStatus,
    status,
    activeCount,
    set,
    setTab,
    clearFilters,
  };
}
