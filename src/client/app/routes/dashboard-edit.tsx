import { Navigate, useParams } from 'react-router';
import { EditNumberPage } from '../../features/numbers/components/edit-number-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard/edit/:id and /edit/:id. */
export function Component() {
  const t = useT();
  useDocumentTitle(t('app.title.editNumber'));
  const { id } = useParams();
  if (!id) return <Navigate to="/dashboard" replace />;
  return <EditNumberPage key={id} id={id} />;
}
