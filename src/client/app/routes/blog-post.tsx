import { useParams } from 'react-router';
import { BlogPostPage } from '../../features/blog/components/blog-post-page.tsx';
import { useSite } from '../../lib/site.ts';
import { NotFoundPage } from './not-found.tsx';

/**
 * /blog/{slug}: one published post; a 404 page while the blog is off. Keyed by slug, so another
 * post starts from a fresh state.
 */
export function Component() {
  const { slug = '' } = useParams();
  const { blogEnabled } = useSite().site;
  if (!blogEnabled) return <NotFoundPage />;
  return <BlogPostPage key={slug} slug={slug} />;
}
