import { AppError, msg } from '../../errors.ts';

export const blogErrors = {
  /** Markdown whose rendering ran past the renderer's time limit (markdown-renderer.ts). */
  contentTooComplex: () =>
    new AppError('CONTENT_TOO_COMPLEX', msg('server.blog.contentTooComplex'), {
      fields: { content: [msg('server.blog.contentTooComplex')] },
    }),
  postNotFound: () => new AppError('POST_NOT_FOUND', msg('server.blog.postNotFound')),
  slugTaken: () =>
    new AppError('SLUG_TAKEN', msg('server.blog.slugTaken'), {
      fields: { slug: [msg('server.blog.slugTaken')] },
    }),
  /** Every public blog route and page while the `blog_enabled` setting is off. */
  blogDisabled: () => new AppError('BLOG_DISABLED', msg('server.errors.notFound')),
};
