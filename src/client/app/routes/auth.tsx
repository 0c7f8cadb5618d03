import { Navigate, useSearchParams } from 'react-router';
import { SignInCard } from '../../features/auth/components/sign-in-card.tsx';
import { useMe } from '../../lib/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { safeNextPath, withNext } from '../../../shared/next-path.ts';

export function Component() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const me = useMe();

  if (me.data) {
    const next = safeNextPath(params.get('next'));
    return <Navigate to={me.data.emailVerified ? next : withNext('/verify-email', next)} replace />;
  }
  // Signed out, the session check still running (the form is what the pre-rendered page shows, and
  // most visitors here are signed out), or it failed: the sign-in form works in every case.
  return <SignInCard linkError={params.get('error') === 'link'} />;
}
