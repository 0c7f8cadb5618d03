import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { afterSignIn } from '../../features/auth/after-sign-in.ts';
import { SignInCard } from '../../features/auth/components/sign-in-card.tsx';
import { useT } from '../../lib/i18n.tsx';
import { ME_QUERY_KEY, useMe } from '../../lib/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /auth inside the app (reached by a client-side move, e.g. the dashboard's guard or Sign Out). A
 * fresh load of /auth gets the pre-rendered page and its island instead (islands/sign-in.tsx).
 */
export function Component() {
  const t = useT();
  useDocumentTitle(t('public.signIn.pageTitle'));
  const [params] = useSearchParams();
  const next = params.get('next');
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (me.data) return <Navigate to={afterSignIn(me.data, next)} replace />;
  // Signed out, the session check still running (the form is what the pre-rendered page shows, and
  // most visitors here are signed out), or it failed: the sign-in form works in every case.
  return (
    <SignInCard
      linkError={params.get('error') === 'link'}
      next={next}
      onSignedIn={(user) => {
        queryClient.setQueryData(ME_QUERY_KEY, user);
        navigate(afterSignIn(user, next), { replace: true });
      }}
    />
  );
}
