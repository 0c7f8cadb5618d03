import { PublicPagesPage } from '../../features/sharing/components/public-pages-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Public Pages');
  return <PublicPagesPage />;
}
