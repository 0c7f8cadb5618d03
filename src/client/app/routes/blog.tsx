import { BlogListPage, categoryOf } from '../../features/blog/components/blog-list-page.tsx';
import { useSite } from '../../lib/site.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { NotFoundPage } from './not-found.tsx';

/**
 * /blog: the public post list (published posts only); a 404 page while the blog is off. The
 * category is kept in `?category=`. A fresh load of /blog gets the server-rendered page and its
 * island instead (ADR 0019); this is the app's rendering of it (after a move inside the app).
 */
export function Component() {
  const { blogEnabled } = useSite().site;
  const { params, set } = useUrlFilters<'category'>();
  if (!blogEnabled) return <NotFoundPage />;
  return (
    <BlogListPage
      category={categoryOf(params.get('category'))}
      onCategory={(c) => set('category', c ?? undefined)}
    />
  );
}
