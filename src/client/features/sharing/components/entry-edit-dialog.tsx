import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatPhone } from '../../../../shared/phone.ts';
import {
  ENTRY_NAME_REQUIRED,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  type Entry,
} from '../../../../shared/sharing.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useUpdateShare, type EntryChanges } from '../api/save-share.ts';
import { ShareFormFooter, TextField } from './share-form.tsx';

/** Edit an entry's name, remark and active flag. */
export function EntryEditDialog({
  entry,
  onOpenChange,
}: {
  /** The entry being edited; null: closed. */
  entry: Entry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateShare('entry');
  const close = () => {
    update.reset();
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Edit Single API Entry"
      description={entry ? formatPhone(entry.phoneNumber) : undefined}
      busy={update.isPending}
    >
      {entry && (
        <EditForm
          key={entry.id}
          entry={entry}
          busy={update.isPending}
          failure={update.error}
          onSubmit={(changes) => {
            if (Object.keys(changes).length === 0) return close();
            update.mutate(
              { id: entry.id, changes },
              {
                onSuccess: () => {
                  close();
                  toast.success('Entry saved');
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
  entry,
  busy,
  failure,
  onSubmit,
}: {
  entry: Entry;
  busy: boolean;
  failure: Error | null;
  onSubmit: (changes: EntryChanges) => void;
}) {
  const [name, setName] = useState(entry.name);
  const [remark, setRemark] = useState(entry.remark);
  const [isActive, setActive] = useState(entry.isActive);
  const [nameError, setNameError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(ENTRY_NAME_REQUIRED);
    const changes: EntryChanges = {};
    if (trimmed !== entry.name) changes.name = trimmed;
    if (remark.trim() !== entry.remark) changes.remark = remark.trim();
    if (isActive !== entry.isActive) changes.isActive = isActive;
    onSubmit(changes);
  };

  const shownNameError = nameError ?? fields?.name?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="edit-entry-name"
        label="Name"
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
        id="edit-entry-remark"
        label="Remark"
        value={remark}
        maxLength={MAX_REMARK_LENGTH}
        error={fields?.remark?.[0]}
        hint="Left empty: ‘none’."
        onChange={setRemark}
      />
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox checked={isActive} onChange={(e) => setActive(e.target.checked)} />
        Active
      </label>
      <ShareFormFooter
        busy={busy}
        failure={fields ? null : failure}
        failed="Failed to update single API entry"
        submitLabel="Save Changes"
      />
    </form>
  );
}
