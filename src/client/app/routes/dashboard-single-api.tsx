import { SingleEndpointsPage } from '../../features/sharing/components/single-endpoints-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('settings.endpoints.title'));
  return <SingleEndpointsPage />;
}
