import { useState } from 'react';
import type { Me } from '../../../../shared/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SiteName } from '../../../components/ui/site-name.tsx';
import { T, useT } from '../../../lib/i18n.tsx';
import { CodeStep } from './code-step.tsx';
import { EmailStep } from './email-step.tsx';

type State =
  | { step: 'email'; email: string }
  | {
      step: 'code';
      email: string;
      resendAt: number;
      /** Shown above the code field: a code was sent moments ago. */
      alreadySent: boolean;
      /** Development: where the mail can be read (the server's outbox). */
      devOutbox?: string;
    };

type Props = {
  /** Show that the emailed link was invalid or expired (/auth?error=link). */
  linkError: boolean;
  /** The page's ?next= (raw): the emailed link leads there after sign-in. */
  next: string | null;
  /** The code was right: the user is signed in (the page moves on to `next`). */
  onSignedIn: (me: Me) => void;
};

/**
 * Two-step passwordless sign-in: email, then the 6-digit code. It needs no router or query client:
 * the /auth route (app/routes/auth.tsx) renders it in the app, and the /auth page's island
 * (islands/sign-in.tsx) hydrates it alone.
 */
export function SignInCard({ linkError, next, onSignedIn }: Props) {
  const t = useT();
  const [state, setState] = useState<State>({ step: 'email', email: '' });

  return (
    <div className="space-y-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {state.step === 'email' ? (
            <T id="public.signIn.title" components={{ 0: <SiteName /> }} />
          ) : (
            t('public.signIn.checkEmail')
          )}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {state.step === 'email' ? t('public.signIn.emailIntro') : t('public.signIn.codeIntro')}
        </p>
      </div>
      {linkError && state.step === 'email' && (
        <Alert tone="error">{t('public.signIn.linkError')}</Alert>
      )}
      {state.step === 'email' ? (
        <EmailStep
          defaultEmail={state.email}
          next={next}
          onSent={(email, seconds, alreadySent, devOutbox) =>
            setState({
              step: 'code',
              email,
              devOutbox,
              resendAt: Date.now() + seconds * 1000,
              alreadySent,
            })
          }
        />
      ) : (
        <CodeStep
          key={state.email}
          email={state.email}
          next={next}
          resendAt={state.resendAt}
          notice={state.alreadySent ? t('public.signIn.alreadySent') : null}
          devOutbox={state.devOutbox}
          onResent={(seconds) =>
            setState({ ...state, resendAt: Date.now() + seconds * 1000, alreadySent: false })
          }
          onChangeEmail={() => setState({ step: 'email', email: state.email })}
          onSignedIn={onSignedIn}
        />
      )}
    </div>
  );
}
