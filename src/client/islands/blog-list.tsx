/**
 * The script of /blog (ADR 0019): the public header's mobile menu, and the page's content
 * (`BlogListPage`: featured posts, the category filter, the list and Load more, Stay Updated) as a
 * React island hydrating what the server rendered, without the app (no router, no query client,
 * no zod). Links are page loads, as between the other public pages.
 */
import catalog from 'virtual:island-catalog';
import type { BlogListState } from '../../shared/blog.ts';
import { trackPageView } from '../lib/analytics.ts';
import { BLOG_LIST_ID, BlogListView, categoryOfSearch } from './blog-list-view.tsx';
import { mobileMenu } from './mobile-menu.ts';
import { mountIsland } from './mount.tsx';

function readState(): BlogListState | undefined {
  const text = document.getElementById(BLOG_LIST_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as BlogListState;
  } catch {
    return undefined;
  }
}

mobileMenu();
trackPageView();
const state = readState();
void mountIsland(
  <BlogListView
    state={state}
    initialCategory={state?.category ?? categoryOfSearch(location.search)}
  />,
  catalog,
  { fresh: !state },
);
