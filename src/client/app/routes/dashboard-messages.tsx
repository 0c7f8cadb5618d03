import { RecentMessagesPage } from '../../features/messages/components/recent-messages-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('app.nav.recentMessages'));
  return <RecentMessagesPage />;
}
