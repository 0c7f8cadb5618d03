import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';

/** The logo (a link to the admin dashboard) and the 'Admin' mark, top of the sidebar. */
export function AdminBrand() {
  return (
    <Link
      to="/admin"
      className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
    >
      <Logo light />
      <span className="rounded bg-accent-500/20 px-1.5 py-0.5 text-xs font-semibold text-accent-300">
        Admin
      </span>
    </Link>
  );
}
