import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createNumberBody } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { DEMO_NUMBER, demoLink, useDemoProvider } from '../../../lib/demo-provider.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useCreateNumber } from '../api/create-number.ts';
import { applyServerErrors } from '../server-errors.ts';
import {
  NumberFormFields,
  type NumberFormInput,
  type NumberFormOutput,
} from './number-form-fields.tsx';

/** The single-number form of /dashboard/add. */
export function AddNumberForm() {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateNumber();
  /** The refusal of the last submit, with the number and link it was for. */
  const [refusal, setRefusal] = useState<{ text: string; phone: string; link: string } | null>(
    null,
  );
  const form = useForm<NumberFormInput, unknown, NumberFormOutput>({
    resolver: zodResolver(createNumberBody),
    defaultValues: {
      phoneNumber: '',
      apiLink: '',
      notes: '',
      isActive: true,
      isFavorite: false,
      tagIds: [],
      tagNames: [],
    },
  });

  const demo = useDemoProvider(true);
  // A refusal is about what was sent: it goes once the number or its link is edited.
  const [phone, link] = useWatch({ control: form.control, name: ['phoneNumber', 'apiLink'] });
  const banner = refusal && refusal.phone === phone && refusal.link === link ? refusal.text : null;

  const useDemo = () => {
    if (!form.getValues('phoneNumber')) form.setValue('phoneNumber', DEMO_NUMBER);
    form.setValue('apiLink', demoLink(), { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    const sent = { phone: form.getValues('phoneNumber'), link: form.getValues('apiLink') };
    create.mutate(values, {
      onSuccess: (n) => {
        toast.success(t('app.form.added', { number: formatPhone(n.phoneNumber) }));
        navigate('/dashboard');
      },
      onError: (err) => {
        const text = applyServerErrors(
          err,
          form.setError,
          ['phoneNumber', 'apiLink', 'notes', 'tagIds', 'tagNames'],
          t('app.form.addFailed'),
        );
        setRefusal(text ? { text, ...sent } : null);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('app.form.addLabel')}>
      {banner && <Alert tone="error">{banner}</Alert>}
      {demo.data && (
        <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('app.form.demoHint')}</p>
          <Button type="button" variant="secondary" size="sm" onClick={useDemo}>
            <Sparkles aria-hidden="true" className="size-4" />
            {t('app.form.useDemo')}
          </Button>
        </div>
      )}
      <NumberFormFields form={form} idPrefix="add" />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <ButtonLink to="/dashboard" variant="secondary">
          {t('app.action.cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {!create.isPending && <Plus aria-hidden="true" className="size-4" />}
          {create.isPending ? t('app.form.adding') : t('app.numbers.add')}
        </Button>
      </div>
    </form>
  );
}
