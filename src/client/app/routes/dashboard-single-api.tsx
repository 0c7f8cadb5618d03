import { SingleApiPage } from '../../features/sharing/components/single-api-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Single API');
  return <SingleApiPage />;
}
