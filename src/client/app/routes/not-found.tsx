import { Home, LayoutDashboard } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * 404 page; inside the user area (`dashboard`) its button leads back to the dashboard, inside the
 * admin area (`admin`) to the admin dashboard.
 */
export function NotFoundPage({
  dashboard = false,
  admin = false,
}: {
  dashboard?: boolean;
  admin?: boolean;
}) {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-slate-600">
        We couldn’t find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      {admin ? (
        <ButtonLink to="/admin" variant="primary" size="lg" className="mt-8">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Back to Admin Dashboard
        </ButtonLink>
      ) : dashboard ? (
        <ButtonLink to="/dashboard" variant="primary" size="lg" className="mt-8">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Back to Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to="/" variant="primary" size="lg" className="mt-8">
          <Home aria-hidden="true" className="size-4" />
          Back to Home
        </ButtonLink>
      )}
    </div>
  );
}
