import { defineModule } from '../module.ts';
import { contactRepository } from './contact.repository.ts';
import { contactRoutes } from './contact.routes.ts';

/** The contact form. */
export const contactModule = defineModule('contact', ['auth'], (app, ctx) => {
  contactRoutes(app, contactRepository(ctx.database.db), ctx.now);
});
