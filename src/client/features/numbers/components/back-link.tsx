import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.tsx';

/** 'Back to Dashboard' above the add and edit forms. */
export function BackLink() {
  const t = useT();
  return (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('app.form.back')}
    </Link>
  );
}
