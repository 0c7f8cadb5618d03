/**
 * Server rendering of the pages whose content the server renders per request (ADR 0019): the
 * shared pages (/api/{hash}, /single/{hash}) and the blog's (/blog, /blog/{slug}). Bundled with
 * React by scripts/prerender.tsx into dist/client/.ssr/pages.js, which the server's static plugin
 * loads (plugins/client.ts). Each function renders the same tree the page's island hydrates.
 */
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { LocaleProvider } from '../lib/i18n.tsx';
import type { BlogListState, PublicPostDto } from '../../shared/blog.ts';
import type { SiteInfo } from '../../shared/settings.ts';
import type { PublicShareState } from '../../shared/sharing.ts';
import { PublicPageView } from '../features/sharing/components/public-page-view.tsx';
import { SingleEndpointView } from '../features/sharing/components/single-endpoint-view.tsx';
import { setLatestSiteInfo } from '../lib/site-info.ts';
import { BlogListView } from './blog-list-view.tsx';
import { BlogPostView } from './blog-post-view.tsx';
import { startOf } from './share-view.tsx';

/** Renders `node` with the catalogue's instance of the page's language. */
const render = (i18n: I18n, node: ReactNode) =>
  renderToString(<LocaleProvider instance={i18n}>{node}</LocaleProvider>);

// What a render reads from this module's state (the site name, the render time) is set right
// before it, and rendering is synchronous: no other request renders in between.

/** A shared page's whole #root. */
export function renderSharePage(
  hash: string,
  state: PublicShareState,
  site: SiteInfo,
  i18n: I18n,
): string {
  setLatestSiteInfo(site);
  const start = startOf(state);
  return render(
    i18n,
    state.kind === 'page' ? (
      <PublicPageView hash={hash} start={start} />
    ) : (
      <SingleEndpointView hash={hash} start={start} />
    ),
  );
}

/** /blog's content, for the frame's `data-island-root` element. */
export function renderBlogList(state: BlogListState, site: SiteInfo, i18n: I18n): string {
  setLatestSiteInfo(site);
  return render(i18n, <BlogListView state={state} initialCategory={state.category} />);
}

/** /blog/{slug}'s content, for the frame's `data-island-root` element. */
export function renderBlogPost(post: PublicPostDto, site: SiteInfo, i18n: I18n): string {
  setLatestSiteInfo(site);
  return render(i18n, <BlogPostView post={post} />);
}
