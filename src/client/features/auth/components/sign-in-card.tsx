import { useState } from 'react';
import type { Me } from '../../../../shared/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CodeStep } from './code-step.tsx';
import { EmailStep } from './email-step.tsx';

type State =
  | { step: 'email'; email: string }
  | { step: 'code'; email: string; resendAt: number; notice: string | null };

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
  const [state, setState] = useState<State>({ step: 'email', email: '' });

  return (
    <div className="space-y-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {state.step === 'email' ? 'Sign in to VOIP Manager' : 'Check your email'}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {state.step === 'email'
            ? 'Enter your email and we’ll send you a sign-in code and link.'
            : 'Type the code from the email, or just click the link in it.'}
        </p>
      </div>
      {linkError && state.step === 'email' && (
        <Alert tone="error">This sign-in link is invalid or has expired. Request a new code.</Alert>
      )}
      {state.step === 'email' ? (
        <EmailStep
          defaultEmail={state.email}
          next={next}
          onSent={(email, seconds, alreadySent) =>
            setState({
              step: 'code',
              email,
              resendAt: Date.now() + seconds * 1000,
              notice: alreadySent
                ? 'We sent a code to this address moments ago. Enter it below, or request a new one when the timer ends.'
                : null,
            })
          }
        />
      ) : (
        <CodeStep
          key={state.email}
          email={state.email}
          next={next}
          resendAt={state.resendAt}
          notice={state.notice}
          onResent={(seconds) =>
            setState({ ...state, resendAt: Date.now() + seconds * 1000, notice: null })
          }
          onChangeEmail={() => setState({ step: 'email', email: state.email })}
          onSignedIn={onSignedIn}
        />
      )}
    </div>
  );
}
