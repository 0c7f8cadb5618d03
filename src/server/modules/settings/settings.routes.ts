import { z } from 'zod';
import {
  settingDto,
  settingsResponse,
  siteInfoResponse,
  updateSettingBody,
} from '../../../shared/settings.ts';
import type { App } from '../../app.ts';
import { adminOnly, requireAdmin } from '../../plugins/admin-guard.ts';
import { userOrIp } from '../../plugins/session.ts';
import { recordAfterChange } from '../analytics/recorder.ts';
import type { SettingsService } from './settings.service.ts';
import { errorResponses } from '../../error-responses.ts';

const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrIp },
});
const keyParams = z.object({ key: z.string() });

/** Site settings: the admin API (permission `settings`) and the public `GET /v1/site`. */
export function settingsRoutes(app: App, settings: SettingsService) {
  const doc = { tags: ['admin'] };
  const guard = { preValidation: adminOnly('settings') };
  const actorOf = (req: Parameters<typeof requireAdmin>[0]) => {
    const user = requireAdmin(req, 'settings');
    return { id: user.id, email: user.email };
  };

  app.get(
    '/v1/admin/settings',
    { ...guard, schema: { ...doc, response: { 200: settingsResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const [items, system] = await Promise.all([settings.list(), settings.system()]);
      return { items, system };
    },
  );

  app.put(
    '/v1/admin/settings/:key',
    {
      ...guard,
      config: perUser(60),
      schema: {
        ...doc,
        params: keyParams,
        body: updateSettingBody,
        response: { 200: settingDto, ...errorResponses('UNKNOWN_SETTING') },
      },
    },
    async (req) => {
      const saved = await settings.update(req.params.key, req.body.value, actorOf(req));
      await recordAfterChange(app.analytics, req, {
        type: 'site_setting_updated',
        data: { key: saved.key, value: saved.value },
      });
      return saved;
    },
  );

  app.post(
    '/v1/admin/settings/reset',
    {
      ...guard,
      config: perUser(10),
      schema: {
        ...doc,
        description: 'Every setting back to its default (the stored values are deleted).',
        response: { 200: z.object({ items: z.array(settingDto) }) },
      },
    },
    async (req) => ({ items: await settings.reset(actorOf(req)) }),
  );

  app.get(
    '/v1/site',
    {
      config: { scope: 'public' },
      schema: { tags: ['public'], response: { 200: siteInfoResponse } },
    },
    async (_req, reply) => {
      // Read on every app start and after a refused write; a change must show within seconds.
      reply.header('cache-control', 'no-store');
      return settings.site();
    },
  );
}
