import { useState } from 'react';
import type { BlogListState } from '../../shared/blog.ts';
import type { BlogCategory } from '../../shared/blog-rules.ts';
import { BlogListPage, categoryOf } from '../features/blog/components/blog-list-page.tsx';

/**
 * /blog's content as the server renders it (pages.server.tsx) and its island hydrates it
 * (blog-list.tsx), in the `data-island-root` element of the pre-rendered frame (the public header
 * and footer): both render this same tree. The category lives in `?category=` (the history entry
 * replaced, as in the app).
 */
export function BlogListView({
  state,
  initialCategory,
}: {
  state?: BlogListState | undefined;
  initialCategory: BlogCategory | null;
}) {
  const [category, setCategory] = useState(initialCategory);
  const onCategory = (c: BlogCategory | null) => {
    const url = new URL(location.href);
    if (c) url.searchParams.set('category', c);
    else url.searchParams.delete('category');
    history.replaceState(history.state, '', url);
    setCategory(c);
  };
  return <BlogListPage category={category} onCategory={onCategory} start={state} />;
}

/** The category of the page's address (`?category=`). */
export const categoryOfSearch = (search: string) =>
  categoryOf(new URLSearchParams(search).get('category'));

/** The element holding the server's data in a served /blog (blog/blog-pages.ts on the server). */
export const BLOG_LIST_ID = 'blog-list';
