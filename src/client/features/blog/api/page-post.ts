import type { PublicPostDto } from '../../../../shared/blog.ts';

/**
 * The post the server wrote into this page (`<script type="application/json" id="blog-post">` on
 * /blog/{slug}), read once: the article query's initial data, so the first render is the article
 * the HTML already shows. Only for the slug it belongs to (after client navigation to another post
 * the script is stale).
 */
let fromPage: PublicPostDto | null | undefined;
const pageLoadedAt = Date.now();

function read(): PublicPostDto | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById('blog-post')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PublicPostDto> | null;
    if (
      !data ||
      typeof data.slug !== 'string' ||
      typeof data.title !== 'string' ||
      typeof data.contentHtml !== 'string' ||
      !Array.isArray(data.related)
    ) {
      return null;
    }
    return data as PublicPostDto;
  } catch {
    return null;
  }
}

export function postFromPage(slug: string): { post: PublicPostDto; updatedAt: number } | null {
  if (fromPage === undefined) fromPage = read();
  return fromPage && fromPage.slug === slug ? { post: fromPage, updatedAt: pageLoadedAt } : null;
}
