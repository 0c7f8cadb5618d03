import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Webhooks');
  return <WebhooksPage />;
}
