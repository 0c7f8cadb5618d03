import { LayoutDashboard, ShieldAlert } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * Shown instead of an admin page to a signed-in user who may not see it: not an admin at all
 * (whole page), or an admin without the section's permission (inside the layout). No redirect,
 * so no loop between /admin and /auth.
 */
export function NotAuthorised({ section }: { section?: string }) {
  useDocumentTitle('Not authorised');
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      data-testid="not-authorised"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Not authorised
      </h1>
      <p className="mt-3 text-slate-600">
        {section
          ? `Your administrator account does not have access to ${section}. Ask a super admin if you need it.`
          : 'This area is for administrators only, and your account is not an administrator.'}
      </p>
      <ButtonLink to={section ? '/admin' : '/dashboard'} variant="primary" className="mt-8">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {section ? 'Back to Admin Dashboard' : 'Back to Dashboard'}
      </ButtonLink>
    </div>
  );
}
