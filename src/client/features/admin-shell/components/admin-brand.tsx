import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** The logo, a link to the admin dashboard, top of the sidebar. */
export function AdminBrand() {
  const t = useT();
  return (
    <Link
      to="/admin"
      className="rounded-md focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
    >
      <Logo light />
      <span className="sr-only"> {t('admin.shell.home')}</span>
    </Link>
  );
}
