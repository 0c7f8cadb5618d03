import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MAX_SHARE_NAME_LENGTH, type PageDetail } from '../../../../shared/sharing.ts';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api.ts';
import { sameOrder } from '../../../lib/selection.ts';
import { usePage } from '../api/get-page.ts';
import { useCreatePage, useUpdateShare, type PageChanges } from '../api/save-share.ts';
import { NumberField, ShareFormFooter, TextField } from './share-form.tsx';

/** The dialog's own wording of the two rules (the server's wording differs). */
const ENTER_PAGE_NAME = 'Please enter a page name';
const SELECT_A_NUMBER = 'Please select at least one number';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to edit, or null to create one. */
  editId: string | null;
};

/** Create or edit a public page: its name and its numbers (searchable picker). */
export function PageDialog({ open, onOpenChange, editId }: Props) {
  const create = useCreatePage();
  const update = useUpdateShare('page');
  const detail = usePage(open ? editId : null);
  const busy = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  const onSubmit = (name: string, numberIds: string[]) => {
    if (!editId) {
      create.mutate(
        { name, numberIds },
        {
          onSuccess: (page) => {
            close();
            toast.success(`Public page “${page.name}” created`);
          },
        },
      );
      return;
    }
    const before = detail.data!;
    const changes: PageChanges = {};
    if (name !== before.name) changes.name = name;
    if (!sameOrder(before.numberIds, new Set(numberIds))) changes.numberIds = numberIds;
    if (Object.keys(changes).length === 0) return close();
    update.mutate(
      { id: editId, changes },
      {
        onSuccess: () => {
          close();
          toast.success('Public page saved');
        },
      },
    );
  };

  const failure = editId ? update.error : create.error;
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o) return onOpenChange(true);
        create.reset();
        update.reset();
        close();
      }}
      title={editId ? 'Edit Public Page' : 'Create Public Page'}
      description="Visitors of the page see these numbers, their latest messages and codes, and their end dates — never the API links."
      busy={busy}
      wide
    >
      {editId && detail.isPending ? (
        <div className="flex justify-center py-10 text-brand-900">
          <Spinner label="Loading page" />
        </div>
      ) : editId && detail.isError ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <RetryAlert
            error={detail.error}
            fallback="Failed to fetch public pages"
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        </div>
      ) : (
        <PageForm
          key={editId ?? 'new'}
          initial={editId ? detail.data : undefined}
          busy={busy}
          failure={failure}
          failureText={editId ? 'Failed to update public page' : 'Failed to create public page'}
          submitLabel={editId ? 'Save Changes' : 'Create Page'}
          onSubmit={onSubmit}
        />
      )}
    </FormDialog>
  );
}

function PageForm({
  initial,
  busy,
  failure,
  failureText,
  submitLabel,
  onSubmit,
}: {
  initial: PageDetail | undefined;
  busy: boolean;
  failure: Error | null;
  failureText: string;
  submitLabel: string;
  onSubmit: (name: string, numberIds: string[]) => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(initial?.numberIds ?? []),
  );
  const [errors, setErrors] = useState<{ name?: string; numbers?: string }>({});
  // The server's field errors (e.g. 'Page name is required') win over nothing, not over ours.
  const fields = isApiError(failure) ? failure.fields : undefined;
  const nameError = errors.name ?? fields?.name?.[0];
  const numbersError = errors.numbers ?? fields?.numberIds?.[0];
  const otherError = failure && !fields ? failure : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const next = {
      ...(trimmed ? {} : { name: ENTER_PAGE_NAME }),
      ...(selected.size > 0 ? {} : { numbers: SELECT_A_NUMBER }),
    };
    setErrors(next);
    if (next.name || next.numbers) return;
    onSubmit(trimmed, [...selected]);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="page-name"
        label="Page Name"
        value={name}
        maxLength={MAX_SHARE_NAME_LENGTH}
        autoFocus
        placeholder="e.g. Team verification numbers"
        error={nameError}
        markInvalid
        onChange={(v) => {
          setName(v);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
      />

      <NumberField
        legend="Numbers"
        label="Numbers on this page"
        mode="multiple"
        selected={selected}
        errorId="page-numbers-error"
        error={numbersError}
        onChange={(next) => {
          setSelected(next);
          if (errors.numbers) setErrors((x) => ({ ...x, numbers: undefined }));
        }}
      />

      <ShareFormFooter
        busy={busy}
        failure={otherError}
        failed={failureText}
        submitLabel={submitLabel}
      />
    </form>
  );
}
