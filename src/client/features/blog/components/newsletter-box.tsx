import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  SUBSCRIBED_MESSAGE,
  subscribeBody,
} from '../../../../shared/newsletter.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useSubscribe } from '../api/subscribe.ts';

/** '45 seconds', '1 minute', '3 minutes'. */
function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What to say about a failed subscribe that is not about the address itself. */
function failureText(err: unknown) {
  if (err instanceof ApiError && err.status === 429) {
    return err.retryAfterSeconds
      ? `Too many attempts. Please try again in ${waitText(err.retryAfterSeconds)}.`
      : errorMessage(err);
  }
  return errorMessage(err, 'We could not subscribe you. Please try again.');
}

/**
 * 'Stay Updated': an email box that subscribes to the newsletter (POST /v1/newsletter). The
 * address is checked here with the server's schema (shared/newsletter.ts, emailSchema) and again
 * by the server (a 400's field error shows the same way).
 * The outcome is announced in a polite live region.
 */
export function NewsletterBox() {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useSubscribe();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const parsed = subscribeBody.safeParse({ email });
    if (!parsed.success) {
      send.reset();
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(null);
    send.mutate(parsed.data.email, {
      onSuccess: () => setEmail(''),
      onError: (err) => {
        const msg = err instanceof ApiError ? err.fields?.email?.[0] : undefined;
        if (msg) setFieldError(msg);
      },
    });
  };

  const status = send.isSuccess
    ? send.data.status === 'already_subscribed'
      ? ALREADY_SUBSCRIBED_MESSAGE
      : SUBSCRIBED_MESSAGE
    : null;
  const failure = send.isError && !fieldError ? failureText(send.error) : null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-gradient-to-br from-brand-900 to-brand-800 px-5 py-8 text-white sm:px-10 sm:py-10"
    >
      <div className="mx-auto max-w-2xl text-center">
        <Mail aria-hidden="true" className="mx-auto size-8 text-accent-300" />
        <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold tracking-tight">
          Stay Updated
        </h2>
        <p className="mt-2 text-brand-100">
          Get the latest articles on virtual numbers, verification and security in your inbox.
        </p>
        <form
          onSubmit={onSubmit}
          noValidate
          className="mx-auto mt-6 flex max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="sr-only">
              Email address
            </label>
            <Input
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="Enter your email"
              value={email}
              invalid={!!fieldError}
              aria-describedby={errorId}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            <p id={errorId} className="mt-1.5 text-sm text-red-200 empty:hidden">
              {fieldError ?? ''}
            </p>
          </div>
          <Button type="submit" variant="accent" size="lg" disabled={send.isPending}>
            {send.isPending ? 'Subscribing...' : 'Subscribe'}
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
