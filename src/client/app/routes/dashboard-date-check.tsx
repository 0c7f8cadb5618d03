import { DateCheckPage } from '../../features/date-check/components/date-check-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Date Check');
  return <DateCheckPage />;
}
