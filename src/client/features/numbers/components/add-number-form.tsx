import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createNumberBody } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useCreateNumber } from '../api/create-number.ts';
import { applyServerErrors } from '../server-errors.ts';
import {
  NumberFormFields,
  type NumberFormInput,
  type NumberFormOutput,
} from './number-form-fields.tsx';

/** The single-number form of /dashboard/add. */
export function AddNumberForm() {
  const navigate = useNavigate();
  const create = useCreateNumber();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<NumberFormInput, unknown, NumberFormOutput>({
    resolver: zodResolver(createNumberBody),
    defaultValues: {
      phoneNumber: '',
      apiLink: '',
      notes: '',
      isActive: true,
      isFavorite: false,
      tagIds: [],
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setBanner(null);
    create.mutate(values, {
      onSuccess: (n) => {
        toast.success(`Added ${formatPhone(n.phoneNumber)}`);
        navigate('/dashboard');
      },
      onError: (err) =>
        setBanner(
          applyServerErrors(
            err,
            form.setError,
            ['phoneNumber', 'apiLink', 'notes', 'tagIds'],
            'Failed to add number',
          ),
        ),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Add a number">
      {banner && <Alert tone="error">{banner}</Alert>}
      <NumberFormFields form={form} idPrefix="add" />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <ButtonLink to="/dashboard" variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {!create.isPending && <Plus aria-hidden="true" className="size-4" />}
          {create.isPending ? 'Adding...' : 'Add Number'}
        </Button>
      </div>
    </form>
  );
}
