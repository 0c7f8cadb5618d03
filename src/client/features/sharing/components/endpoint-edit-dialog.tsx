import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatPhone } from '../../../../shared/phone.ts';
import {
  DEFAULT_REMARK,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  type Endpoint,
} from '../../../../shared/sharing.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { useUpdateShare, type EndpointChanges } from '../api/save-share.ts';
import { ShareFormFooter, TextField } from './share-form.tsx';

/** Edit an endpoint's name, remark and active flag. */
export function EndpointEditDialog({
  endpoint: endpoint,
  onOpenChange,
}: {
  /** The endpoint being edited; null: closed. */
  endpoint: Endpoint | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const update = useUpdateShare('single');
  const close = () => {
    update.reset();
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={endpoint !== null}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={t('settings.endpointDialog.editTitle')}
      description={endpoint ? formatPhone(endpoint.phoneNumber) : undefined}
      busy={update.isPending}
    >
      {endpoint && (
        <EditForm
          key={endpoint.id}
          endpoint={endpoint}
          busy={update.isPending}
          failure={update.error}
          onSubmit={(changes) => {
            if (Object.keys(changes).length === 0) return close();
            update.mutate(
              { id: endpoint.id, changes },
              {
                onSuccess: () => {
                  close();
                  toast.success(translate('settings.endpointDialog.saved'));
                },
              },
            );
          }}
        />
      )}
    </FormDialog>
  );
}

function EditForm({
  endpoint: endpoint,
  busy,
  failure,
  onSubmit,
}: {
  endpoint: Endpoint;
  busy: boolean;
  failure: Error | null;
  onSubmit: (changes: EndpointChanges) => void;
}) {
  const t = useT();
  const [name, setName] = useState(endpoint.name);
  const [remark, setRemark] = useState(endpoint.remark);
  const [isActive, setActive] = useState(endpoint.isActive);
  const [nameError, setNameError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('settings.endpointDialog.nameRequired'));
    const changes: EndpointChanges = {};
    if (trimmed !== endpoint.name) changes.name = trimmed;
    if (remark.trim() !== endpoint.remark) changes.remark = remark.trim();
    if (isActive !== endpoint.isActive) changes.isActive = isActive;
    onSubmit(changes);
  };

  const shownNameError = nameError ?? fields?.name?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="edit-endpoint-name"
        label={t('settings.endpointDialog.name')}
        value={name}
        maxLength={MAX_SHARE_NAME_LENGTH}
        autoFocus
        error={shownNameError}
        markInvalid
        onChange={(v) => {
          setName(v);
          setNameError(undefined);
        }}
      />
      <TextField
        id="edit-endpoint-remark"
        label={t('settings.endpoints.remark')}
        value={remark}
        maxLength={MAX_REMARK_LENGTH}
        error={fields?.remark?.[0]}
        hint={t('settings.endpointDialog.remarkHint', { remark: DEFAULT_REMARK })}
        onChange={setRemark}
      />
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox checked={isActive} onChange={(e) => setActive(e.target.checked)} />
        {t('settings.labels.active')}
      </label>
      <ShareFormFooter
        busy={busy}
        failure={fields ? null : failure}
        failed={t('settings.endpoints.updateFailed')}
        submitLabel={t('settings.shareForm.saveChanges')}
      />
    </form>
  );
}
