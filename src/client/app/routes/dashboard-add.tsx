import { AddNumberPage } from '../../features/numbers/components/add-number-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Add Number');
  return <AddNumberPage />;
}
