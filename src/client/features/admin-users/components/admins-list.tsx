import { Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { ADMIN_PERMISSIONS, effectivePermissions } from '../../../../shared/admin-access.ts';
import type { AdminDto } from '../../../../shared/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { AdminStatus } from '../api/keys.ts';
import { useAdminList } from '../api/list-admins.ts';
import { PERMISSION_LABELS } from '../permissions.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import { RoleBadge } from './role-badge.tsx';
import { Field } from './users-list.tsx';

/**
 * The grid of the header and every row. The actions column has one width ('You' or the two
 * buttons), so every column starts at the same place in every row.
 */
const cols = (canManage: boolean) =>
  canManage
    ? 'md:grid md:grid-cols-[minmax(0,1fr)_7rem_8rem_8rem_minmax(0,12rem)_6rem] md:items-center md:gap-4'
    : 'md:grid md:grid-cols-[minmax(0,1fr)_7rem_8rem_8rem_minmax(0,12rem)] md:items-center md:gap-4';

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
  const t = useT();
  const list = useAdminList(q, status);

  if (list.isPending) return <ListSkeleton label={t('admin.users.adminsLoading')} />;
  if (list.isError && !list.data) {
    return (
      <ListError
        error={list.error}
        fallback={t('admin.users.adminsFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { items, total } = list.data;
  if (items.length === 0) {
    return (
      <ListEmpty icon={ShieldCheck} title={t('admin.users.noAdmins')}>
        {filtered ? t('admin.users.noAdminMatch') : undefined}
      </ListEmpty>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {filtered
          ? t('admin.users.adminMatchCount', { count: total })
          : t('admin.users.adminCount', { count: total })}
      </p>
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase ${cols(canManage)}`}
        >
          <span>{t('admin.users.colAdmin')}</span>
          <span>{t('admin.users.colId')}</span>
          <span>{t('admin.users.colCreated')}</span>
          <span>{t('admin.users.colLastLogin')}</span>
          <span>{t('admin.users.colPermissions')}</span>
          {canManage && <span />}
        </div>
        <ul aria-label={t('admin.users.tabAdmins')} className="divide-y divide-slate-100">
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
  const t = useT();
  const perms = effectivePermissions(a.role, a.permissions);
  const enabled = ADMIN_PERMISSIONS.filter((p) => perms[p]);
  return (
    <li className={`space-y-2 px-4 py-3 md:space-y-0 ${cols(canManage)}`} data-testid="admin-row">
      <div className="min-w-0 space-y-1">
        <p className="truncate text-sm font-medium text-slate-900" title={a.email}>
          {a.email}
        </p>
        <div className="flex flex-wrap gap-1.5">
          <RoleBadge role={a.role} />
          {a.isActive ? (
            <Badge tone="green">{t('admin.users.active')}</Badge>
          ) : (
            <Badge tone="grey">{t('admin.users.inactive')}</Badge>
          )}
        </div>
      </div>
      <Field label={t('admin.users.colId')}>
        <code className="font-mono text-xs text-slate-600" title={a.id}>
          {a.id.slice(0, 8)}
        </code>
      </Field>
      <Field label={t('admin.users.colCreated')}>
        <time dateTime={a.createdAt} title={formatFullTime(a.createdAt)}>
          {formatDate(a.createdAt)}
        </time>
      </Field>
      <Field label={t('admin.users.colLastLogin')}>
        {a.lastLogin ? (
          <time dateTime={a.lastLogin} title={formatFullTime(a.lastLogin)}>
            {formatDate(a.lastLogin)}
          </time>
        ) : (
          t('admin.users.never')
        )}
      </Field>
      <Field label={t('admin.users.colPermissions')}>
        <span className="text-slate-700" data-testid="admin-permissions">
          {enabled.length
            ? enabled.map((p) => t(PERMISSION_LABELS[p])).join(t('admin.users.listSeparator'))
            : t('admin.users.none')}
        </span>
      </Field>
      {canManage && self && (
        <p className="text-xs text-slate-500 md:text-right">{t('admin.users.you')}</p>
      )}
      {canManage && !self && (
        <div className="flex gap-1 md:justify-end">
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={t('admin.users.editAdmin', { email: a.email })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            <span className="md:sr-only">{t('admin.users.edit')}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            aria-label={t('admin.users.deleteAdmin', { email: a.email })}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="md:sr-only">{t('admin.users.delete')}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
