import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SignInCard } from '../../features/auth/components/sign-in-card.tsx';
import { useMe } from '../../lib/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const me = useMe();

  if (me.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-900">
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }
  if (me.data)
    return <Navigate to={me.data.emailVerified ? '/dashboard' : '/verify-email'} replace />;
  // Signed out, or the session check failed: the sign-in form still works.
  return <SignInCard linkError={params.get('error') === 'link'} />;
}
