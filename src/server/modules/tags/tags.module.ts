import { defineModule } from '../module.ts';
import { tagsRepository } from './tags.repository.ts';
import { tagsRoutes } from './tags.routes.ts';

/** The user's tags. */
export const tagsModule = defineModule('tags', ['auth'], (app, ctx) => {
  tagsRoutes(app, tagsRepository(ctx.database.db));
});
