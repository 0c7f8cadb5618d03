import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { parseEmail } from '../../../../shared/auth-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { useRequest } from '../../../lib/use-request.ts';
import { subscribe } from '../api/subscribe.ts';
import { errorText } from '../../../lib/error-text.ts';

/** What to say about a failed subscribe that is not about the address itself. */
function failureText(t: Translate, err: unknown) {
  if (err instanceof ApiError && err.status === 429) {
    const seconds = err.retryAfterSeconds;
    if (!seconds) return errorMessage(err);
    return seconds < 60
      ? t('public.newsletter.tooManySeconds', { count: seconds })
      : t('public.newsletter.tooManyMinutes', { count: Math.ceil(seconds / 60) });
  }
  return errorMessage(err, t('public.newsletter.failed'));
}

/**
 * 'Stay Updated': an email box that subscribes to the newsletter (POST /v1/newsletter). The
 * address is checked here with the server's rules (`parseEmail`, held to the server's emailSchema
 * by a test) and again by the server (a 400's field error shows the same way).
 * The outcome is announced in a polite live region.
 */
export function NewsletterBox() {
  const t = useT();
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useRequest(subscribe);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const parsed = parseEmail(email);
    if ('error' in parsed) {
      send.reset();
      setFieldError(t(parsed.error));
      return;
    }
    setFieldError(null);
    void send.run(parsed.email, {
      onSuccess: () => setEmail(''),
      onError: (err) => {
        const msg = err instanceof ApiError ? err.fields?.email?.[0] : undefined;
        if (msg) setFieldError(msg);
      },
    });
  };

  const status = send.data
    ? send.data.status === 'already_subscribed'
      ? t('public.newsletter.alreadySubscribed')
      : t('public.newsletter.subscribed')
    : null;
  const failure = send.isError && !fieldError ? failureText(t, send.error) : null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-gradient-to-br from-brand-900 to-brand-800 px-5 py-8 text-white sm:px-10 sm:py-10"
    >
      <div className="mx-auto max-w-2xl text-center">
        <Mail aria-hidden="true" className="mx-auto size-8 text-accent-300" />
        <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold tracking-tight">
          {t('public.newsletter.title')}
        </h2>
        <p className="mt-2 text-brand-100">{t('public.newsletter.text')}</p>
        <form
          onSubmit={onSubmit}
          noValidate
          className="mx-auto mt-6 flex max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="sr-only">
              {t('public.signIn.emailLabel')}
            </label>
            <Input
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              placeholder={t('public.newsletter.placeholder')}
              value={email}
              invalid={!!fieldError}
              aria-describedby={errorId}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            <p id={errorId} className="mt-1.5 text-sm text-red-200 empty:hidden">
              {errorText(t, fieldError ?? undefined)}
            </p>
          </div>
          <Button type="submit" variant="accent" size="lg" disabled={send.isPending}>
            {send.isPending ? t('public.newsletter.subscribing') : t('public.newsletter.subscribe')}
          </Button>
        </form>
        <div aria-live="polite" className="mx-auto mt-4 max-w-md text-left empty:hidden">
          {status && <Alert tone="success">{status}</Alert>}
        </div>
        {failure && (
          <Alert tone="error" className="mx-auto mt-4 max-w-md text-left">
            {failure}
          </Alert>
        )}
      </div>
    </section>
  );
}
