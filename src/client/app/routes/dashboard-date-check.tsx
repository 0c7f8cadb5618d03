import { DateCheckPage } from '../../features/date-check/components/date-check-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('public.dateCheck.title'));
  return <DateCheckPage />;
}
