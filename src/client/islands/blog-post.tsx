/**
 * The script of /blog/{slug} (ADR 0019): the public header's mobile menu, and the article
 * (`BlogPostPage`: Share, the view count, related posts) as a React island hydrating what the
 * server rendered from the post it wrote into the page (`#blog-post`), without the app. Links
 * are page loads.
 */
import catalog from 'virtual:island-catalog';
import { postFromPage } from '../features/blog/api/page-post.ts';
import { trackPageView } from '../lib/analytics.ts';
import { BlogPostView } from './blog-post-view.tsx';
import { mobileMenu } from './mobile-menu.ts';
import { mountIsland } from './mount.tsx';

mobileMenu();
trackPageView();
const slug = decodeURIComponent(location.pathname.replace(/^\/blog\/|\/+$/g, ''));
const post = postFromPage(slug)?.post;
if (post) void mountIsland(<BlogPostView post={post} />, catalog);
