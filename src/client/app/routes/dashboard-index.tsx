import { NumbersDashboard } from '../../features/numbers/components/numbers-dashboard.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Dashboard');
  return <NumbersDashboard />;
}
