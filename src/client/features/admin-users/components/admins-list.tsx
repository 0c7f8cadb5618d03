import { Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { ADMIN_PERMISSIONS, effectivePermissions } from '../../../../shared/admin-access.ts';
import type { AdminDto } from '../../../../shared/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { countOf, formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import type { AdminStatus } from '../api/keys.ts';
import { useAdminList } from '../api/list-admins.ts';
import { PERMISSION_LABELS } from '../permissions.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import { RoleBadge } from './role-badge.tsx';
import { Field } from './users-list.tsx';

const cols =
  'md:grid md:grid-cols-[minmax(0,1fr)_7rem_8rem_8rem_minmax(0,12rem)_auto] md:items-center md:gap-4';

/**
 * The Administrators tab; edit and delete buttons only for a super_admin (`canManage`), and not
 * on their own row (the server refuses changes to one's own rights).
 */
export function AdminsList({
  q,
  status,
  filtered,
  canManage,
  selfUserId,
  onEdit,
  onDelete,
}: {
  q: string;
  status: AdminStatus;
  filtered: boolean;
  canManage: boolean;
  selfUserId: string | undefined;
  onEdit: (admin: AdminDto) => void;
  onDelete: (admin: AdminDto) => void;
}) {
  const list = useAdminList(q, status);

  if (list.isPending) return <ListSkeleton label="Loading administrators" />;
  if (list.isError && !list.data) {
    return (
      <ListError
        error={list.error}
        fallback="The administrators could not be loaded."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { items, total } = list.data;
  if (items.length === 0) {
    return (
      <ListEmpty icon={ShieldCheck} title="No administrators found">
        {filtered ? 'No administrator matches the search and filter.' : undefined}
      </ListEmpty>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {filtered ? `${countOf(total, 'administrator')} match` : countOf(total, 'administrator')}
      </p>
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase ${cols}`}
        >
          <span>Administrator</span>
          <span>ID</span>
          <span>Created</span>
          <span>Last login</span>
          <span>Permissions</span>
          <span className={canManage ? 'w-20' : ''}>
            <span className="sr-only">Actions</span>
          </span>
        </div>
        <ul aria-label="Administrators" className="divide-y divide-slate-100">
          {items.map((a) => (
            <AdminRow
              key={a.id}
              admin={a}
              canManage={canManage}
              self={a.userId === selfUserId}
              onEdit={() => onEdit(a)}
              onDelete={() => onDelete(a)}
            />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function AdminRow({
  admin: a,
  canManage,
  self,
  onEdit,
  onDelete,
}: {
  admin: AdminDto;
  canManage: boolean;
  self: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const perms = effectivePermissions(a.role, a.permissions);
  const enabled = ADMIN_PERMISSIONS.filter((p) => perms[p]);
  return (
    <li className={`space-y-2 px-4 py-3 md:space-y-0 ${cols}`} data-testid="admin-row">
      <div className="min-w-0 space-y-1">
        <p className="truncate text-sm font-medium text-slate-900" title={a.email}>
          {a.email}
        </p>
        <div className="flex flex-wrap gap-1.5">
          <RoleBadge role={a.role} />
          {a.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
        </div>
      </div>
      <Field label="ID">
        <code className="font-mono text-xs text-slate-600" title={a.id}>
          {a.id.slice(0, 8)}
        </code>
      </Field>
      <Field label="Created">
        <time dateTime={a.createdAt} title={formatFullTime(a.createdAt)}>
          {formatDate(a.createdAt)}
        </time>
      </Field>
      <Field label="Last login">
        {a.lastLogin ? (
          <time dateTime={a.lastLogin} title={formatFullTime(a.lastLogin)}>
            {formatDate(a.lastLogin)}
          </time>
        ) : (
          'Never'
        )}
      </Field>
      <Field label="Permissions">
        <span className="text-slate-700" data-testid="admin-permissions">
          {enabled.length ? enabled.map((p) => PERMISSION_LABELS[p]).join(', ') : 'None'}
        </span>
      </Field>
      {canManage && self && <p className="text-xs text-slate-500 md:w-20 md:text-right">You</p>}
      {canManage && !self && (
        <div className="flex gap-1 md:justify-end">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${a.email}`}>
            <Pencil aria-hidden="true" className="size-4" />
            <span className="md:sr-only">Edit</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete ${a.email}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="md:sr-only">Delete</span>
          </Button>
        </div>
      )}
    </li>
  );
}
