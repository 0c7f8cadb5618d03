import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('settings.webhooks.title'));
  return <WebhooksPage />;
}
