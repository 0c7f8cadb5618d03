import { useState } from 'react';
import { Download, Plus, Search, X } from 'lucide-react';
import type { AdminDto } from '../../../../shared/admin.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTabKeys } from '../../../lib/use-tab-keys.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMe } from '../../../lib/me.ts';
import { useOpenContactCount } from '../api/contact-messages.ts';
import { useAdminList } from '../api/list-admins.ts';
import { SUBSCRIBERS_EXPORT_URL, useSubscriberCount } from '../api/list-subscribers.ts';
import { useUserCount } from '../api/list-users.ts';
import { useDeleteAdmin } from '../api/save-admin.ts';
import {
  hasStatus,
  STATUS_OPTIONS,
  TABS,
  useUserManagementFilters,
  type Tab,
} from '../hooks/use-user-management-filters.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { AdminsList } from './admins-list.tsx';
import { ContactList } from './contact-list.tsx';
import { SubscribersList } from './subscribers-list.tsx';
import { UsersList } from './users-list.tsx';

type DialogState = { open: boolean; editing: AdminDto | null };

/**
 * /admin/users: platform users, administrators, newsletter subscribers and contact messages in
 * four tabs (the tab, search and status live in the URL). Only a super_admin sees Create Admin,
 * edit and delete; the server refuses anyone else anyway. Export CSV (subscribers) is a plain
 * download link to the streamed export.
 */
export function UserManagementPage() {
  const t = useT();
  const {
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
  } = useUserManagementFilters();
  const search = useDebouncedValue(q.trim(), 250);
  const filtered = activeCount > 0;
  const me = useMe().data;
  const isSuperAdmin = me?.admin?.role === 'super_admin';

  const userCount = useUserCount();
  const adminCount = useAdminList('', 'all');
  const subscriberCount = useSubscriberCount();
  const openCount = useOpenContactCount();
  const counts: Record<Tab, { value: number | undefined; isError: boolean }> = {
    users: { value: userCount.data, isError: userCount.isError },
    admins: { value: adminCount.data?.total, isError: adminCount.isError },
    subscribers: { value: subscriberCount.data, isError: subscriberCount.isError },
    contact: { value: openCount.data, isError: openCount.isError },
  };
  const labels: Record<Tab, string> = {
    users: t('admin.users.tabUsers'),
    admins: t('admin.users.tabAdmins'),
    subscribers: t('admin.users.tabSubscribers'),
    contact: t('admin.users.tabContact'),
  };

  const [dialog, setDialog] = useState<DialogState>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<AdminDto | null>(null);
  const remove = useDeleteAdmin();

  const { onKeyDown: onTabKey, tabRef } = useTabKeys(TABS, tab, setTab);

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('admin.users.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('admin.users.subtitle')}</p>
        </div>
        {tab === 'admins' && isSuperAdmin && (
          <Button
            variant="primary"
            onClick={() => setDialog({ open: true, editing: null })}
            className="shrink-0"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.users.createAdmin')}
          </Button>
        )}
        {tab === 'subscribers' && (
          <a
            href={SUBSCRIBERS_EXPORT_URL}
            download
            className={buttonClass('secondary', 'md', 'shrink-0')}
            data-testid="export-subscribers"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('admin.users.exportCsv')}
          </a>
        )}
      </div>

      <div
        role="tablist"
        aria-label={t('admin.users.title')}
        className="grid grid-cols-2 gap-1 border-b border-slate-200 sm:flex"
        onKeyDown={onTabKey}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={tabRef(name)}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="user-management-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px border-b-2 px-2 py-2.5 text-sm font-medium sm:shrink-0 sm:px-3 sm:whitespace-nowrap focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none focus-visible:ring-inset',
              tab === name
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {labels[name]}
            {counts[name].isError
              ? ''
              : ` (${counts[name].value === undefined ? '…' : formatCount(counts[name].value)})`}
          </button>
        ))}
      </div>

      <div
        id="user-management-panel"
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        className="space-y-4"
      >
        <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end sm:p-4">
          {tab !== 'contact' && (
            <div className="min-w-0 flex-1">
              <label
                htmlFor="um-search"
                className="mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.users.search')}
              </label>
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                />
                <Input
                  id="um-search"
                  type="search"
                  className="pl-9"
                  value={q}
                  onChange={(e) => set('q', e.target.value)}
                  placeholder={
                    tab === 'users'
                      ? t('admin.users.searchUsers')
                      : tab === 'admins'
                        ? t('admin.users.searchAdmins')
                        : t('admin.users.searchEmail')
                  }
                />
              </div>
            </div>
          )}
          {hasStatus(tab) && (
            <div className={tab === 'contact' ? 'min-w-0 flex-1 sm:max-w-xs' : 'sm:w-44'}>
              <label
                htmlFor="um-status"
                className="mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.users.status')}
              </label>
              <Select
                id="um-status"
                value={status}
                onChange={(e) =>
                  set('status', e.target.value === 'all' ? undefined : e.target.value)
                }
              >
                {Object.entries<MessageId>(STATUS_OPTIONS[tab]).map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <Button variant="secondary" onClick={clearFilters} disabled={!filtered}>
            <X aria-hidden="true" className="size-4" />
            {t('admin.users.clearFilters')}
          </Button>
        </Card>

        {tab === 'users' ? (
          <UsersList q={search} status={userStatus} filtered={filtered} />
        ) : tab === 'admins' ? (
          <AdminsList
            q={search}
            status={adminStatus}
            filtered={filtered}
            canManage={isSuperAdmin}
            selfUserId={me?.id}
            onEdit={(a) => setDialog({ open: true, editing: a })}
            onDelete={(a) => {
              remove.reset();
              setDeleting(a);
            }}
          />
        ) : tab === 'subscribers' ? (
          <SubscribersList q={search} filtered={filtered} />
        ) : (
          <ContactList status={contactStatus} />
        )}
      </div>

      <AdminDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.users.deleteTitle')}
        description={t('admin.users.deleteConfirm', { email: deleting?.email ?? '' })}
        confirmLabel={t('admin.users.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        {remove.isError && (
          <Alert tone="error">{errorMessage(remove.error, t('admin.users.deleteFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
