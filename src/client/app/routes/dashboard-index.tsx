import { NumbersDashboard } from '../../features/numbers/components/numbers-dashboard.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('app.nav.dashboard'));
  return <NumbersDashboard />;
}
