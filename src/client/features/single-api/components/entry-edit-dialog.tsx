import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatPhone } from '../../../../shared/phone.ts';
import {
  ENTRY_NAME_REQUIRED,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  type Entry,
} from '../../../../shared/sharing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogActions, DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { useUpdateEntry, type EntryChanges } from '../api/save-entry.ts';

/** Edit an entry's name, remark and active flag. */
export function EntryEditDialog({
  entry,
  onOpenChange,
}: {
  /** The entry being edited; null: closed. */
  entry: Entry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateEntry();
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
      <FormField id="edit-entry-name" label="Name" error={shownNameError}>
        <Input
          id="edit-entry-name"
          value={name}
          maxLength={MAX_SHARE_NAME_LENGTH}
          autoComplete="off"
          autoFocus
          invalid={!!shownNameError}
          aria-describedby="edit-entry-name-error"
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
        />
      </FormField>
      <FormField
        id="edit-entry-remark"
        label="Remark"
        error={fields?.remark?.[0]}
        hint="Left empty: ‘none’."
      >
        <Input
          id="edit-entry-remark"
          value={remark}
          maxLength={MAX_REMARK_LENGTH}
          autoComplete="off"
          aria-describedby="edit-entry-remark-error"
          onChange={(e) => setRemark(e.target.value)}
        />
      </FormField>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox checked={isActive} onChange={(e) => setActive(e.target.checked)} />
        Active
      </label>
      {failure && !fields && (
        <Alert tone="error">Failed to update single API entry: {errorMessage(failure)}</Alert>
      )}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={busy}>
          Save Changes
        </Button>
      </DialogActions>
    </form>
  );
}
