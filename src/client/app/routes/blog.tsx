import { BlogListPage } from '../../features/blog/components/blog-list-page.tsx';
import { useSite } from '../../lib/site.ts';
import { NotFoundPage } from './not-found.tsx';

/** /blog: the public post list (published posts only); a 404 page while the blog is off. */
export function Component() {
  const { blogEnabled } = useSite().site;
  return blogEnabled ? <BlogListPage /> : <NotFoundPage />;
}
