import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { sendCodeBody } from '../../../../shared/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useSendCode } from '../api/send-code.ts';

type Props = {
  defaultEmail: string;
  /** Called once a code is on its way (or one was sent moments ago), with the resend wait. */
  onSent: (email: string, resendAfterSeconds: number, alreadySent: boolean) => void;
};

export function EmailStep({ defaultEmail, onSent }: Props) {
  const send = useSendCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(sendCodeBody), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(({ email }) => {
    send.mutate(email, {
      onSuccess: (res) => onSent(email, res.resendAfterSeconds, false),
      onError: (err) => {
        // A code was sent moments ago (e.g. before a reload): go and enter it.
        if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON') {
          onSent(email, err.retryAfterSeconds ?? 60, true);
        }
      },
    });
  });

  const sendError =
    send.isError && !(send.error instanceof ApiError && send.error.code === 'RESEND_TOO_SOON')
      ? send.error instanceof ApiError && send.error.status >= 500
        ? 'Failed to send verification code'
        : errorMessage(send.error, 'Failed to send verification code')
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="auth-email" label="Email address" error={errors.email?.message}>
        <Input
          id="auth-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          autoFocus
          required
          invalid={!!errors.email}
          aria-describedby="auth-email-error"
          {...register('email')}
        />
      </FormField>
      {sendError && <Alert tone="error">{sendError}</Alert>}
      <Button type="submit" variant="primary" size="lg" className="w-full" loading={send.isPending}>
        {!send.isPending && <Mail aria-hidden="true" className="size-4" />}
        {send.isPending ? 'Sending...' : 'Send Code'}
      </Button>
      <p className="text-center text-xs text-slate-500">
        New here? Your account is created when you verify your email. No password needed.
      </p>
    </form>
  );
}
