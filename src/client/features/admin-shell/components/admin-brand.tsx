import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';

/** The logo, a link to the admin dashboard, top of the sidebar. */
export function AdminBrand() {
  return (
    <Link
      to="/admin"
      className="rounded-md focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
    >
      <Logo light />
      <span className="sr-only"> administration home</span>
    </Link>
  );
}
