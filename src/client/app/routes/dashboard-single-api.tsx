import { SingleEndpointsPage } from '../../features/sharing/components/single-endpoints-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Single API');
  return <SingleEndpointsPage />;
}
