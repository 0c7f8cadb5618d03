import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { CONTACT_SUBJECTS, contactBody, type ContactInput } from '../../../../shared/contact.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const empty: ContactInput = {
  name: '',
  email: '',
  subject: '' as ContactInput['subject'],
  message: '',
};
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Each subject's label (the stored value stays English: the admin's list reads it). */
const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number]['value'], MessageId> = {
  general: 'public.contact.subjectGeneral',
  technical: 'public.contact.subjectTechnical',
  billing: 'public.contact.subjectBilling',
  feature: 'public.contact.subjectFeature',
  partnership: 'public.contact.subjectPartnership',
  other: 'public.contact.subjectOther',
};

export function ContactForm() {
  const t = useT();
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactBody), defaultValues: empty });

  const onSubmit = handleSubmit((values) => {
    send.reset();
    send.mutate(values, {
      onSuccess: () => reset(empty),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const f of FIELDS) {
            const msg = err.fields[f]?.[0];
            if (msg) setError(f, { message: msg });
          }
        }
      },
    });
  });

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    id: `contact-${name}`,
    invalid: !!errors[name],
    'aria-describedby': `contact-${name}-error`,
    ...register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t('public.contact.name')} error={errors.name?.message}>
          <Input type="text" autoComplete="name" required {...fieldProps('name')} />
        </FormField>
        <FormField
          id="contact-email"
          label={t('public.contact.email')}
          error={errors.email?.message}
        >
          <Input type="email" autoComplete="email" required {...fieldProps('email')} />
        </FormField>
      </div>
      <FormField
        id="contact-subject"
        label={t('public.contact.subject')}
        error={errors.subject?.message}
      >
        <Select required {...fieldProps('subject')}>
          <option value="" disabled>
            {t('public.contact.chooseSubject')}
          </option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {t(SUBJECT_LABELS[s.value])}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="contact-message"
        label={t('public.contact.message')}
        error={errors.message?.message}
      >
        <Textarea rows={6} required {...fieldProps('message')} />
      </FormField>

      <div aria-live="polite">
        {send.isSuccess && <Alert tone="success">{t('public.contact.sent')}</Alert>}
      </div>
      {send.isError && !(send.error instanceof ApiError && send.error.fields) && (
        <Alert tone="error">
          {send.error instanceof ApiError && send.error.status === 429
            ? send.error.message
            : errorMessage(send.error, t('public.contact.sendFailed'))}
        </Alert>
      )}

      <Button
        type="submit"
        variant="primary"
        size="lg"
        loading={send.isPending}
        className="w-full sm:w-auto"
      >
        {send.isPending ? (
          t('public.contact.sending')
        ) : (
          <>
            <Send aria-hidden="true" className="size-4" />
            {t('public.contact.send')}
          </>
        )}
      </Button>
    </form>
  );
}
