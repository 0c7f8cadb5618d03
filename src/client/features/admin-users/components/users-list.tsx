import type { ReactNode } from 'react';
import { Users } from 'lucide-react';
import type { AdminUserRow } from '../../../../shared/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { UserStatus } from '../api/keys.ts';
import { useUserList } from '../api/list-users.ts';
import { ListEmpty, PagedTable } from './list-states.tsx';

const cols = 'md:grid md:grid-cols-[minmax(0,1fr)_7rem_8rem_8rem_10rem] md:items-center md:gap-4';

/** The Users tab: platform users matching the search and status, 50 at a time. */
export function UsersList({
  q,
  status,
  filtered,
}: {
  q: string;
  status: UserStatus;
  filtered: boolean;
}) {
  const t = useT();
  return (
    <PagedTable
      list={useUserList(q, status)}
      words={{
        loading: 'admin.users.usersLoading',
        failed: 'admin.users.usersFailed',
        moreFailed: 'admin.users.usersMoreFailed',
        moreLoading: 'admin.users.usersMoreLoading',
        count: 'admin.users.userCount',
        matchCount: 'admin.users.userMatchCount',
      }}
      label={t('admin.users.tabUsers')}
      columns={[
        t('admin.users.colUser'),
        t('admin.users.colId'),
        t('admin.users.colJoined'),
        t('admin.users.colLastActive'),
        t('admin.users.colStatus'),
      ]}
      cols={cols}
      filtered={filtered}
      empty={
        <ListEmpty icon={Users} title={t('admin.users.noUsers')}>
          {filtered ? t('admin.users.noUserMatch') : t('admin.users.nobodyYet')}
        </ListEmpty>
      }
      row={(u) => <UserRow user={u} />}
    />
  );
}

function UserRow({ user: u }: { user: AdminUserRow }) {
  const t = useT();
  return (
    <li className={`space-y-2 px-4 py-3 md:space-y-0 ${cols}`} data-testid="user-row">
      <p className="truncate text-sm font-medium text-slate-900" title={u.email}>
        {u.email}
      </p>
      <Field label={t('admin.users.colId')}>
        <code className="font-mono text-xs text-slate-600" title={u.id}>
          {u.id.slice(0, 8)}
        </code>
      </Field>
      <Field label={t('admin.users.colJoined')}>
        <time dateTime={u.createdAt} title={formatFullTime(u.createdAt)}>
          {formatDate(u.createdAt)}
        </time>
      </Field>
      <Field label={t('admin.users.colLastActive')}>
        {u.lastActiveAt ? (
          <time dateTime={u.lastActiveAt} title={formatFullTime(u.lastActiveAt)}>
            {formatDate(u.lastActiveAt)}
          </time>
        ) : (
          t('admin.users.never')
        )}
      </Field>
      <div className="flex flex-wrap gap-1.5">
        {u.emailVerified ? (
          <Badge tone="green">{t('admin.users.verified')}</Badge>
        ) : (
          <Badge tone="amber">{t('admin.users.unverified')}</Badge>
        )}
        {u.isAdmin && <Badge tone="blue">{t('admin.users.adminBadge')}</Badge>}
      </div>
    </li>
  );
}

/** A value with its label on a phone (as a card); on wider screens the header row names it. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="flex items-baseline gap-2 text-sm text-slate-700">
      <span className="w-24 shrink-0 text-xs text-slate-500 md:sr-only">{label}</span>
      <span className="min-w-0">{children}</span>
    </p>
  );
}
