import type { ReactNode } from 'react';
import { Users } from 'lucide-react';
import type { AdminUserRow } from '../../../../shared/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
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
  return (
    <PagedTable
      list={useUserList(q, status)}
      noun="user"
      label="Users"
      columns={['User', 'ID', 'Joined', 'Last active', 'Status']}
      cols={cols}
      filtered={filtered}
      empty={
        <ListEmpty icon={Users} title="No users found">
          {filtered ? 'No user matches the search and filter.' : 'Nobody has signed up yet.'}
        </ListEmpty>
      }
      row={(u) => <UserRow user={u} />}
    />
  );
}

function UserRow({ user: u }: { user: AdminUserRow }) {
  return (
    <li className={`space-y-2 px-4 py-3 md:space-y-0 ${cols}`} data-testid="user-row">
      <p className="truncate text-sm font-medium text-slate-900" title={u.email}>
        {u.email}
      </p>
      <Field label="ID">
        <code className="font-mono text-xs text-slate-600" title={u.id}>
          {u.id.slice(0, 8)}
        </code>
      </Field>
      <Field label="Joined">
        <time dateTime={u.createdAt} title={formatFullTime(u.createdAt)}>
          {formatDate(u.createdAt)}
        </time>
      </Field>
      <Field label="Last active">
        {u.lastActiveAt ? (
          <time dateTime={u.lastActiveAt} title={formatFullTime(u.lastActiveAt)}>
            {formatDate(u.lastActiveAt)}
          </time>
        ) : (
          'Never'
        )}
      </Field>
      <div className="flex flex-wrap gap-1.5">
        {u.emailVerified ? (
          <Badge tone="green">Verified</Badge>
        ) : (
          <Badge tone="amber">Unverified</Badge>
        )}
        {u.isAdmin && <Badge tone="blue">Admin</Badge>}
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
