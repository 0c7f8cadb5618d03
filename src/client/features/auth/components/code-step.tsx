import { useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, RotateCw, ShieldCheck } from 'lucide-react';
import type { Me } from '../../../../shared/auth.ts';
import { CODE_LENGTH, sanitizeCodeInput } from '../../../../shared/auth-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { useRequest } from '../../../lib/use-request.ts';
import { sendCode } from '../api/send-code.ts';
import { verifyCode } from '../api/verify-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

type Props = {
  email: string;
  /** The /auth page's ?next= (raw), sent with a resend so the new link leads there too. */
  next: string | null;
  /** Epoch ms when Resend unlocks. */
  resendAt: number;
  notice: string | null;
  /** Development: where the mail can be read (no mail is sent). */
  devOutbox?: string;
  onResent: (resendAfterSeconds: number) => void;
  onChangeEmail: () => void;
  /** The code was right: the user is signed in. */
  onSignedIn: (me: Me) => void;
};

export function CodeStep({
  email,
  next,
  resendAt,
  notice,
  devOutbox,
  onResent,
  onChangeEmail,
  onSignedIn,
}: Props) {
  const t = useT();
  const [code, setCode] = useState('');
  const [resentNotice, setResentNotice] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useRequest(verifyCode);
  const resend = useRequest(sendCode);
  const secondsLeft = useCountdown(resendAt);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH || verify.isPending) return;
    void verify.run(
      { email, code },
      { onSuccess: onSignedIn, onError: () => inputRef.current?.select() },
    );
  };

  const doResend = () => {
    setResentNotice(false);
    verify.reset();
    void resend.run(
      { email, next },
      {
        onSuccess: (res) => {
          onResent(res.resendAfterSeconds);
          setResentNotice(true);
          setCode('');
          inputRef.current?.focus();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.retryAfterSeconds) onResent(err.retryAfterSeconds);
        },
      },
    );
  };

  const resendError = resend.isError
    ? resend.error instanceof ApiError && resend.error.status >= 500
      ? t('public.signIn.resendFailed')
      : errorMessage(resend.error, t('public.signIn.resendFailed'))
    : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm text-slate-700">
        <T
          id="public.signIn.codeSentTo"
          values={{ email }}
          components={{ 0: <strong className="text-slate-900 [overflow-wrap:anywhere]" /> }}
        />
      </p>
      {notice && <Alert tone="info">{notice}</Alert>}
      {devOutbox && (
        <Alert tone="info">
          <T
            id="public.signIn.devOutbox"
            components={{
              0: (
                <a
                  href={devOutbox}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                />
              ),
            }}
          />
        </Alert>
      )}
      <div className="space-y-1.5">
        <label htmlFor="auth-code" className="block text-sm font-medium text-slate-800">
          {t('public.signIn.codeLabel')}
        </label>
        <input
          ref={inputRef}
          id="auth-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          autoFocus
          placeholder="000000"
          value={code}
          onChange={(e) => {
            setCode(sanitizeCodeInput(e.target.value));
            if (verify.isError) verify.reset();
          }}
          aria-invalid={verify.isError || undefined}
          aria-describedby="auth-code-error"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-center font-mono text-2xl font-semibold tracking-[0.5em] text-slate-900 shadow-sm placeholder:text-slate-300 focus-visible:border-accent-500 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none aria-invalid:border-red-500"
        />
        <div id="auth-code-error" aria-live="polite">
          {verify.isError && (
            <Alert tone="error" className="mt-2">
              {errorMessage(verify.error, t('public.signIn.verifyFailed'))}
            </Alert>
          )}
        </div>
      </div>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        className="w-full"
        disabled={code.length !== CODE_LENGTH}
        loading={verify.isPending}
      >
        {!verify.isPending && <ShieldCheck aria-hidden="true" className="size-4" />}
        {verify.isPending ? t('public.signIn.verifying') : t('public.signIn.verify')}
      </Button>

      <div className="flex flex-col-reverse items-center justify-between gap-3 border-t border-slate-100 pt-4 sm:flex-row">
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('public.signIn.otherEmail')}
        </Button>
        <div aria-live="polite" className="text-sm">
          {secondsLeft > 0 ? (
            <span
              className="inline-flex h-9 items-center px-3 text-slate-500"
              data-testid="resend-countdown"
            >
              {t('public.signIn.resendIn', { seconds: secondsLeft })}
            </span>
          ) : (
            <Button variant="secondary" size="sm" onClick={doResend} loading={resend.isPending}>
              {!resend.isPending && <RotateCw aria-hidden="true" className="size-4" />}
              {t('public.signIn.resend')}
            </Button>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {resentNotice && !resend.isPending && (
          <Alert tone="success">{t('public.signIn.resent', { email })}</Alert>
        )}
        {resendError && <Alert tone="error">{resendError}</Alert>}
      </div>
    </form>
  );
}
