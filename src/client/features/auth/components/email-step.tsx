import { useRef, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { parseEmail } from '../../../../shared/auth-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useRequest } from '../../../lib/use-request.ts';
import { sendCode } from '../api/send-code.ts';

type Props = {
  defaultEmail: string;
  /** The /auth page's ?next= (raw): the emailed link leads there after sign-in. */
  next: string | null;
  /**
   * Called once a code is on its way (or one was sent moments ago), with the resend wait and, in
   * development, where the mail can be read.
   */
  onSent: (
    email: string,
    resendAfterSeconds: number,
    alreadySent: boolean,
    devOutbox?: string,
  ) => void;
};

/**
 * Step 1: the email. Checked on submit with the server's rules (`parseEmail`), then again on each
 * change once a submit was tried; a refused email shows its message and gets the focus. The input
 * is uncontrolled (read on submit), so what was typed before the page's script ran is kept.
 */
export function EmailStep({ defaultEmail, next, onSent }: Props) {
  const t = useT();
  const send = useRequest(sendCode);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const check = (raw: string) => {
    const parsed = parseEmail(raw);
    setError('error' in parsed ? t(parsed.error) : undefined);
    return parsed;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const parsed = check(input.current?.value ?? '');
    if ('error' in parsed) {
      input.current?.focus();
      return;
    }
    const { email } = parsed;
    void send.run(
      { email, next },
      {
        onSuccess: (res) => onSent(email, res.resendAfterSeconds, false, res.devOutbox),
        onError: (err) => {
          // A code was sent moments ago (e.g. before a reload): go and enter it.
          if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON') {
            onSent(email, err.retryAfterSeconds ?? 60, true);
          }
        },
      },
    );
  };

  const sendError =
    send.isError && !(send.error instanceof ApiError && send.error.code === 'RESEND_TOO_SOON')
      ? send.error instanceof ApiError && send.error.status >= 500
        ? t('public.signIn.sendFailed')
        : errorMessage(send.error, t('public.signIn.sendFailed'))
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="auth-email" label={t('public.signIn.emailLabel')} error={error}>
        <Input
          ref={input}
          id="auth-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('public.signIn.emailPlaceholder')}
          autoFocus
          required
          defaultValue={defaultEmail}
          invalid={!!error}
          aria-describedby="auth-email-error"
          onChange={(e) => {
            if (submitted) check(e.target.value);
          }}
        />
      </FormField>
      {sendError && <Alert tone="error">{sendError}</Alert>}
      <Button type="submit" variant="primary" size="lg" className="w-full" loading={send.isPending}>
        {!send.isPending && <Mail aria-hidden="true" className="size-4" />}
        {send.isPending ? t('public.signIn.sending') : t('public.signIn.sendCode')}
      </Button>
      <p className="text-center text-xs text-slate-500">{t('public.signIn.newHere')}</p>
    </form>
  );
}
