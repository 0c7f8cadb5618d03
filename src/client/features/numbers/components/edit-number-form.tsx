import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createNumberBody, type VoipNumber } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDeleteNumber } from '../api/delete-number.ts';
import { useUpdateNumber } from '../api/update-number.ts';
import { applyServerErrors } from '../server-errors.ts';
import {
  NumberFormFields,
  type NumberFormInput,
  type NumberFormOutput,
} from './number-form-fields.tsx';

/** The edit form: Save Changes (PATCH) and Delete with a 'Confirm Deletion' dialog. */
export function EditNumberForm({ number }: { number: VoipNumber }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateNumber();
  const del = useDeleteNumber();
  const [banner, setBanner] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<NumberFormInput, unknown, NumberFormOutput>({
    resolver: zodResolver(createNumberBody),
    defaultValues: {
      phoneNumber: number.phoneNumber,
      apiLink: number.apiLink,
      notes: number.notes,
      isActive: number.isActive,
      isFavorite: number.isFavorite,
      tagIds: number.tags.map((tag) => tag.id),
      tagNames: [],
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setBanner(null);
    update.mutate(
      { id: number.id, body: values },
      {
        onSuccess: (saved) => {
          toast.success(t('app.form.saved', { number: formatPhone(saved.phoneNumber) }));
          navigate('/dashboard');
        },
        onError: (err) =>
          setBanner(
            applyServerErrors(
              err,
              form.setError,
              ['phoneNumber', 'apiLink', 'notes', 'tagIds', 'tagNames'],
              t('app.form.updateFailed'),
            ),
          ),
      },
    );
  });

  const onDelete = () =>
    del.mutate(number.id, {
      onSuccess: () => {
        toast.success(t('app.card.deleted', { number: formatPhone(number.phoneNumber) }));
        navigate('/dashboard', { replace: true });
      },
      onError: (err) => {
        setConfirming(false);
        setBanner(errorMessage(err, t('app.card.deleteFailed')));
      },
    });

  return (
    <Card className="p-4 sm:p-6">
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-5"
        aria-label={t('app.form.editLabel')}
      >
        {banner && <Alert tone="error">{banner}</Alert>}
        <NumberFormFields form={form} idPrefix="edit" knownTags={number.tags} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            className="text-red-700! hover:bg-red-50!"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('app.action.delete')}
          </Button>
          <Button type="submit" variant="primary" loading={update.isPending}>
            {!update.isPending && <Save aria-hidden="true" className="size-4" />}
            {update.isPending ? t('app.form.saving') : t('app.form.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('app.form.confirmDeletion')}
        description={t('app.card.deleteQuestion', { number: formatPhone(number.phoneNumber) })}
        confirmLabel={t('app.action.delete')}
        loading={del.isPending}
        onConfirm={onDelete}
      />
    </Card>
  );
}
