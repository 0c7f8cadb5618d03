import type { PublicPostDto } from '../../shared/blog.ts';
import { BlogPostPage } from '../features/blog/components/blog-post-page.tsx';

/**
 * /blog/{slug}'s content as the server renders it (pages.server.tsx) and its island hydrates it
 * (blog-post.tsx), in the `data-island-root` element of the pre-rendered frame: both render this
 * same tree, from the post the server wrote into the page (`#blog-post`).
 */
export function BlogPostView({ post }: { post: PublicPostDto }) {
  return <BlogPostPage slug={post.slug} start={post} />;
}
