import { useParams } from 'react-router';
import { PublicPageView } from '../../features/sharing/components/public-page-view.tsx';

/** /api/{hash}: a public page, standalone (no site navigation, no sign-in). */
export function Component() {
  const { hash = '' } = useParams();
  return <PublicPageView key={hash} hash={hash} />;
}
