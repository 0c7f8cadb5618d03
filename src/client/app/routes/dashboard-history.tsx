import { MessageHistoryPage } from '../../features/messages/components/message-history-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Message History');
  return <MessageHistoryPage />;
}
