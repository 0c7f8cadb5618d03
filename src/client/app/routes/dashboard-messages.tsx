import { RecentMessagesPage } from '../../features/messages/components/recent-messages-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Recent Messages');
  return <RecentMessagesPage />;
}
