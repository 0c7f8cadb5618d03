import { blogErrors } from '../blog/blog.errors.ts';

export const newsletterErrors = {
  /** The blog (and its 'Stay Updated' box) is switched off: the route is not there. */
  blogDisabled: blogErrors.blogDisabled,
};
