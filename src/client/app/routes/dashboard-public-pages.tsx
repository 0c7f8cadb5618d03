import { PublicPagesPage } from '../../features/sharing/components/public-pages-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('settings.pages.title'));
  return <PublicPagesPage />;
}
