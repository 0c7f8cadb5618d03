import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MAX_SHARE_NAME_LENGTH, type PageDetail } from '../../../../shared/sharing.ts';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { sameOrder } from '../../../lib/selection.ts';
import { usePage } from '../api/get-page.ts';
import { useCreatePage, useUpdateShare, type PageChanges } from '../api/save-share.ts';
import { NumberField, ShareFormFooter, TextField } from './share-form.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to edit, or null to create one. */
  editId: string | null;
};

/** Create or edit a public page: its name and its numbers (searchable picker). */
export function PageDialog({ open, onOpenChange, editId }: Props) {
  const t = useT();
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
            toast.success(translate('settings.pageDialog.created', { name: page.name }));
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
          toast.success(translate('settings.pageDialog.saved'));
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
      title={editId ? t('settings.pageDialog.editTitle') : t('settings.pageDialog.createTitle')}
      description={t('settings.pageDialog.description')}
      busy={busy}
      wide
    >
      {editId && detail.isPending ? (
        <div className="flex justify-center py-10 text-brand-900">
          <Spinner label={t('settings.pageDialog.loading')} />
        </div>
      ) : editId && detail.isError ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <RetryAlert
            error={detail.error}
            fallback={t('settings.pages.fetchFailed')}
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
          failureText={
            editId ? t('settings.pages.updateFailed') : t('settings.pageDialog.createFailed')
          }
          submitLabel={editId ? t('settings.shareForm.saveChanges') : t('settings.pages.create')}
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
  const t = useT();
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
      ...(trimmed ? {} : { name: t('settings.pageDialog.enterName') }),
      ...(selected.size > 0 ? {} : { numbers: t('settings.pageDialog.selectNumber') }),
    };
    setErrors(next);
    if (next.name || next.numbers) return;
    onSubmit(trimmed, [...selected]);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="page-name"
        label={t('settings.pageDialog.name')}
        value={name}
        maxLength={MAX_SHARE_NAME_LENGTH}
        autoFocus
        placeholder={t('settings.pageDialog.namePlaceholder')}
        error={nameError}
        markInvalid
        onChange={(v) => {
          setName(v);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
      />

      <NumberField
        legend={t('settings.pageDialog.numbers')}
        label={t('settings.pageDialog.numbersLabel')}
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
