import { defineModule } from '../module.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import { newsletterService } from './newsletter.service.ts';

/** Newsletter sign-ups (from the blog). */
export const newsletterModule = defineModule('newsletter', ['settings'], (app, ctx) => {
  newsletterRoutes(
    app,
    newsletterService({
      repo: newsletterRepository(ctx.database.db),
      blogEnabled: () => app.settings.get('blog_enabled'),
      now: ctx.now,
    }),
    ctx.now,
  );
});
