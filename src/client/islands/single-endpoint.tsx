/**
 * The script of /single/{hash}, a shared single endpoint (ADR 0019): SingleEndpointView as a
 * React island over the whole #root, hydrating what the server rendered (no router, no query
 * client, no zod).
 */
import catalog from 'virtual:island-catalog';
import { SingleEndpointView } from '../features/sharing/components/single-endpoint-view.tsx';
import { startShareIsland } from './share-island.tsx';

startShareIsland('single', catalog, (hash, start) => (
  <SingleEndpointView hash={hash} start={start} />
));
