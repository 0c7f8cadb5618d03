import { defineModule } from '../module.ts';
import { blogPublicRoutes } from './blog-public.routes.ts';
import { blogRepository } from './blog.repository.ts';
import { blogAdminRoutes } from './blog.routes.ts';
import { blogService, type BlogService } from './blog.service.ts';
import { createMarkdownRenderer } from './markdown-renderer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Blog posts (the client's /blog pages are filled from it). */
    blog: BlogService;
  }
}

/** The blog: admin routes, the public API and feeds, and the Markdown renderer's worker. */
export const blogModule = defineModule('blog', ['auth', 'settings', 'analytics'], (app, ctx) => {
  const renderer = createMarkdownRenderer(
    ctx.tuning.markdownTimeoutMs ? { timeoutMs: ctx.tuning.markdownTimeoutMs } : {},
  );
  app.addHook('onClose', async () => renderer.close());
  const blog = blogService({
    repo: blogRepository(ctx.database.db),
    secret: ctx.secret,
    now: ctx.now,
    siteOrigin: new URL(ctx.config.publicUrl).origin,
    renderer,
    track: (e) => app.analytics.record(e),
    log: app.log,
  });
  app.decorate('blog', blog);
  blogAdminRoutes(app, blog);
  blogPublicRoutes(app, { service: blog, publicUrl: ctx.config.publicUrl });
});
