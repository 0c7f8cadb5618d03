/**
 * The script of the pre-rendered /date-checker page (scripts/prerender.tsx): the public header's
 * mobile menu, as on the pages without a form, and the checker (`DateCheckerTool`) as a React
 * island, without the app (ADR 0011). Links are page loads, like between the other public pages.
 */
import catalog from 'virtual:island-catalog';
import { DateCheckerTool } from '../features/date-check/components/date-checker-tool.tsx';
import { trackPageView } from '../lib/analytics.ts';
import { mobileMenu } from './mobile-menu.ts';
import { mountIsland } from './mount.tsx';

mobileMenu();
trackPageView();
void mountIsland(<DateCheckerTool />, catalog);
