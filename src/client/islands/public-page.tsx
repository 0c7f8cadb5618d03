/**
 * The script of /api/{hash}, a shared page of numbers (ADR 0019): PublicPageView as a React island
 * over the whole #root, hydrating what the server rendered (no router, no query client, no zod).
 */
import catalog from 'virtual:island-catalog';
import { PublicPageView } from '../features/sharing/components/public-page-view.tsx';
import { startShareIsland } from './share-island.tsx';

startShareIsland('page', catalog, (hash, start) => <PublicPageView hash={hash} start={start} />);
