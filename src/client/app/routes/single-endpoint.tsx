import { useParams } from 'react-router';
import { SingleEndpointView } from '../../features/sharing/components/single-endpoint-view.tsx';

/** /single/{hash}: a single-number endpoint page, standalone (no site navigation, no sign-in). */
export function Component() {
  const { hash = '' } = useParams();
  return <SingleEndpointView key={hash} hash={hash} />;
}
