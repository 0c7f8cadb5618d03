import { AppError } from '../../errors.ts';

export const SLUG_TAKEN_MESSAGE = 'A post with this slug already exists';

export const CONTENT_TOO_COMPLEX_MESSAGE = 'Content is too complex to render';

export const blogErrors = {
  /** Markdown whose rendering ran past the renderer's time limit (markdown-renderer.ts). */
  contentTooComplex: () =>
    new AppError('CONTENT_TOO_COMPLEX', CONTENT_TOO_COMPLEX_MESSAGE, {
      fields: { content: [CONTENT_TOO_COMPLEX_MESSAGE] },
    }),
  postNotFound: () => new AppError('POST_NOT_FOUND', 'Post not found'),
  slugTaken: () =>
    new AppError('SLUG_TAKEN', SLUG_TAKEN_MESSAGE, {
      fields: { slug: [SLUG_TAKEN_MESSAGE] },
    }),
  /** Every public blog route and page while the `blog_enabled` setting is off. */
  blogDisabled: () => new AppError('BLOG_DISABLED', 'Not found'),
};
