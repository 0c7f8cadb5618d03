import { useState, type FormEvent } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  ALL_PERMISSIONS,
  ROLE_LABELS,
  type AdminPermissions,
  type AdminRole,
} from '../../../../shared/admin-access.ts';
import type { AdminDto, UpdateAdmin } from '../../../../shared/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogActions, DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { SAVE_ADMIN_KEY, useCreateAdmin, useUpdateAdmin } from '../api/save-admin.ts';
import { PERMISSION_LABELS } from '../permissions.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The admin to edit, or null to create one. */
  editing: AdminDto | null;
};

/** 'Create New Administrator' / 'Edit Administrator' (super_admin only; the email is fixed on edit). */
export function AdminDialog({ open, onOpenChange, editing }: Props) {
  const t = useT();
  const busy = useIsMutating({ mutationKey: SAVE_ADMIN_KEY }) > 0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('admin.users.editAdminTitle') : t('admin.users.createAdminTitle')}
      busy={busy}
    >
      {open && (
        <AdminForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

/** The form, mounted afresh each time the dialog opens (so no stale values or errors). */
function AdminForm({ editing, onDone }: { editing: AdminDto | null; onDone: () => void }) {
  const t = useT();
  const create = useCreateAdmin();
  const update = useUpdateAdmin();
  const [email, setEmail] = useState(editing?.email ?? '');
  const [role, setRole] = useState<AdminRole>(editing?.role ?? 'admin');
  const [permissions, setPermissions] = useState<AdminPermissions>(
    editing?.permissions ?? ALL_PERMISSIONS,
  );
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [emailError, setEmailError] = useState<string | undefined>();
  const mutation = editing ? update : create;
  const fields = isApiError(mutation.error) ? mutation.error.fields : undefined;
  const fieldError = (key: string) =>
    fields &&
    Object.entries(fields)
      .filter(([k]) => k === key || k.startsWith(`${key}.`))
      .flatMap(([, m]) => m)
      .join(' ');
  const known = ['email', 'role', 'permissions', 'isActive'];
  const otherError =
    mutation.isError &&
    (!fields || !Object.keys(fields).some((k) => known.includes(k.split('.')[0]!)));
  const superAdmin = role === 'super_admin';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (editing) {
      const changes: UpdateAdmin = {};
      if (role !== editing.role) changes.role = role;
      if (ADMIN_PERMISSIONS.some((p) => permissions[p] !== editing.permissions[p]))
        changes.permissions = permissions;
      if (isActive !== editing.isActive) changes.isActive = isActive;
      if (Object.keys(changes).length === 0) return onDone();
      update.mutate({ id: editing.id, changes }, { onSuccess: onDone });
      return;
    }
    const trimmed = email.trim();
    if (!trimmed) return setEmailError(t('admin.users.emailRequired'));
    setEmailError(undefined);
    create.mutate({ email: trimmed, role, permissions, isActive }, { onSuccess: onDone });
  };

  const emailMessage = emailError ?? fieldError('email');
  const roleMessage = fieldError('role');
  const permissionsMessage = fieldError('permissions');
  const activeMessage = fieldError('isActive');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="admin-email" label={t('admin.users.email')} error={emailMessage || undefined}>
        <Input
          id="admin-email"
          type="email"
          autoComplete="off"
          required
          value={email}
          disabled={!!editing}
          onChange={(e) => setEmail(e.target.value)}
          invalid={!!emailMessage}
          aria-describedby="admin-email-error"
          placeholder={t('admin.users.emailPlaceholder')}
        />
      </FormField>
      <FormField id="admin-role" label={t('admin.users.role')} error={roleMessage || undefined}>
        <Select
          id="admin-role"
          value={role}
          onChange={(e) => setRole(e.target.value as AdminRole)}
          invalid={!!roleMessage}
          aria-describedby="admin-role-error"
        >
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABELS[r])}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="space-y-2" aria-describedby="admin-permissions-error">
        <legend className="text-sm font-medium text-slate-800">
          {t('admin.users.permissions')}
        </legend>
        {superAdmin && (
          <p className="text-xs text-slate-500">{t('admin.users.superAdminHasAll')}</p>
        )}
        <div className="grid grid-cols-2 gap-2">
          {ADMIN_PERMISSIONS.map((p) => (
            <label
              key={p}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            >
              <Checkbox
                checked={superAdmin || permissions[p]}
                disabled={superAdmin}
                onChange={(e) => setPermissions((prev) => ({ ...prev, [p]: e.target.checked }))}
              />
              {t(PERMISSION_LABELS[p])}
            </label>
          ))}
        </div>
        <p
          id="admin-permissions-error"
          className="text-sm text-red-700 empty:hidden"
          aria-live="polite"
        >
          {permissionsMessage ?? ''}
        </p>
      </fieldset>
      <div className="space-y-1">
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium text-slate-800">{t('admin.users.active')}</span>
          <Switch checked={isActive} onChange={setIsActive} label={t('admin.users.active')} />
        </div>
        <p className="text-xs text-slate-500">{t('admin.users.activeHelp')}</p>
        {activeMessage && <p className="text-sm text-red-700">{activeMessage}</p>}
      </div>
      {otherError && (
        <Alert tone="error">
          {errorMessage(
            mutation.error,
            editing ? t('admin.users.saveFailed') : t('admin.users.createFailed'),
          )}
        </Alert>
      )}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={mutation.isPending}>
            {t('admin.users.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={mutation.isPending}>
          {editing ? t('admin.users.updateAdmin') : t('admin.users.createAdmin')}
        </Button>
      </DialogActions>
    </form>
  );
}
