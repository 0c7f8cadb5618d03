import crypto from 'node:crypto';
import { z } from 'zod';
import {
  channelConfigSchema,
  channelDto,
  createChannelBody,
  createdChannelDto,
  DEFAULT_REMINDER_DAYS,
  MAX_CHANNELS_PER_USER,
  TELEGRAM_LINK_HOURS,
  updateChannelBody,
  type ChannelType,
} from '../../../shared/channels.ts';
import { idParams } from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import type { createCipher } from '../../crypto.ts';
import { errorResponses } from '../../error-responses.ts';
import { withReason } from '../../i18n.ts';
import { msg, validationError } from '../../errors.ts';
import { adminOnly, requireAdmin } from '../../plugins/admin-guard.ts';
import { requireUser } from '../../plugins/session.ts';
import { deliveryLogRoutes, perUser, signedIn } from '../webhooks/webhooks.routes.ts';
import type { WebhooksRepository } from '../webhooks/webhooks.repository.ts';
import { webhookErrors } from '../webhooks/webhooks.errors.ts';
import { channelErrors } from './channels.errors.ts';
import type { ChannelsRepository, ChannelTarget } from './channels.repository.ts';
import { hashLinkToken, type TelegramBot } from './telegram-bot.ts';

const HOUR_MS = 3_600_000;

/** The user's notification channels (scopes channels:read and channels:write for keys). */
export function channelsRoutes(
  app: App,
  deps: {
    repo: ChannelsRepository;
    deliveries: WebhooksRepository;
    cipher: ReturnType<typeof createCipher>;
    now: () => Date;
    kick: () => void;
    /** The site bot's username (asks the Bot API once), or undefined when there is no bot. */
    telegramBot: () => Promise<string | undefined>;
    /** The site's VAPID public key (Web Push), when it has one. */
    pushKey: string | undefined;
  },
) {
  const { repo, cipher, now } = deps;
  const read = { scope: 'channels:read' as const };
  const write = (max: number) => ({ scope: 'channels:write' as const, ...perUser(max) });
  const tags = ['notification channels'];

  async function own(userId: string, id: string) {
    const c = await repo.get(userId, id);
    if (!c) throw channelErrors.notFound();
    return c;
  }
  async function checkIds(userId: string, body: { numberIds?: string[]; tagIds?: string[] }) {
    const bad = await deps.deliveries.unknownIds(userId, body.numberIds ?? [], body.tagIds ?? []);
    if (Object.keys(bad).length) throw webhookErrors.unknownIds(bad);
  }

  /** Where a channel of `type` with `config` sends, and its secret (encrypted; '' when none). */
  function target(
    type: ChannelType,
    config: Record<string, unknown>,
    email: string,
  ): ChannelTarget {
    const none = cipher.encrypt('');
    switch (type) {
      case 'email':
        return { url: `mailto:${email}`, config: {}, secretEnc: none };
      case 'ntfy': {
        const c = config as { serverUrl: string; topic: string; token?: string | null };
        return {
          url: `${c.serverUrl}/${c.topic}`,
          config: { serverUrl: c.serverUrl, topic: c.topic, hasToken: !!c.token },
          secretEnc: cipher.encrypt(c.token ?? ''),
        };
      }
      case 'discord':
      case 'slack':
        return { url: (config as { webhookUrl: string }).webhookUrl, config: {}, secretEnc: none };
      case 'telegram':
        return { url: 'tg:', config: {}, secretEnc: none };
      case 'webpush': {
        const c = config as { endpoint: string; keys: object; device?: string };
        return {
          url: c.endpoint,
          config: c.device ? { device: c.device } : {},
          secretEnc: cipher.encrypt(JSON.stringify(c.keys)),
        };
      }
    }
  }

  app.get(
    '/v1/notification-channels',
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        response: {
          200: z.object({ items: z.array(channelDto) }),
          ...errorResponses('UNAUTHORIZED'),
        },
      },
    },
    async (req) => ({
      items: (await repo.list(requireUser(req).id)).map((c) => withReason(req, c)),
    }),
  );

  app.get(
    '/v1/notification-channels/push-key',
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        description:
          "The site's VAPID public key (base64url): a browser subscribes with it (`applicationServerKey`), then makes a `webpush` channel of the subscription.",
        response: {
          200: z.object({ publicKey: z.string() }),
          ...errorResponses('UNAUTHORIZED', 'CHANNEL_UNAVAILABLE'),
        },
      },
    },
    async () => {
      if (!deps.pushKey) throw channelErrors.pushUnavailable();
      return { publicKey: deps.pushKey };
    },
  );

  app.post(
    '/v1/notification-channels',
    {
      config: write(30),
      preValidation: signedIn,
      schema: {
        tags,
        description:
          "Creates a notification channel. `config` by `type`: email `{}` (your account's address), telegram `{}` (the answer's `link` opens the site bot: `/start` links the chat, within 24 hours), ntfy `{serverUrl, topic, token?}`, discord and slack `{webhookUrl}` (an incoming webhook), webpush a browser's `PushSubscription` as JSON `{endpoint, keys: {p256dh, auth}}` with an optional `device` name.",
        body: createChannelBody,
        response: {
          201: createdChannelDto,
          ...errorResponses('UNAUTHORIZED', 'CHANNEL_LIMIT_REACHED', 'CHANNEL_UNAVAILABLE'),
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const body = req.body;
      await checkIds(user.id, body);
      const at = now();
      const t = target(body.type, body.config, user.email);
      let link: string | undefined;
      if (body.type === 'webpush' && !deps.pushKey) throw channelErrors.pushUnavailable();
      if (body.type === 'telegram') {
        const bot = await deps.telegramBot();
        if (!bot) throw channelErrors.telegramUnavailable();
        const token = crypto.randomBytes(18).toString('base64url');
        t.config = {
          linkHash: hashLinkToken(token),
          linkUntil: new Date(at.getTime() + TELEGRAM_LINK_HOURS * HOUR_MS).toISOString(),
        };
        link = `https://t.me/${bot}?start=${token}`;
      }
      const made = await repo.create(
        user.id,
        body.type,
        t,
        {
          events: body.events,
          numberIds: body.numberIds ?? [],
          tagIds: body.tagIds ?? [],
          quietHours: body.quietHours ?? null,
          reminderDays: body.reminderDays ?? DEFAULT_REMINDER_DAYS,
          // A Telegram channel is off until its chat is linked.
          enabled: body.type === 'telegram' ? false : (body.enabled ?? true),
        },
        MAX_CHANNELS_PER_USER,
        at,
      );
      if (!made) throw channelErrors.limitReached();
      return reply.status(201).send(link ? { ...made, link } : made);
    },
  );

  app.get(
    '/v1/notification-channels/:id',
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        params: idParams,
        response: { 200: channelDto, ...errorResponses('UNAUTHORIZED', 'CHANNEL_NOT_FOUND') },
      },
    },
    async (req) => withReason(req, await own(requireUser(req).id, req.params.id)),
  );

  app.patch(
    '/v1/notification-channels/:id',
    {
      config: write(60),
      preValidation: signedIn,
      schema: {
        tags,
        description:
          "Changes a channel's rules, or its `config` (the whole config of its type; an ntfy `token` left out is kept, `null` removes it). `enabled: true` turns one the server disabled on again.",
        params: idParams,
        body: updateChannelBody,
        response: { 200: channelDto, ...errorResponses('UNAUTHORIZED', 'CHANNEL_NOT_FOUND') },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const c = await own(user.id, req.params.id);
      const { config, events, numberIds, tagIds, quietHours, reminderDays, enabled } = req.body;
      await checkIds(user.id, req.body);
      let t: ChannelTarget | undefined;
      const parsed = config && channelConfigSchema[c.type].safeParse(config);
      if (parsed && !parsed.success) {
        // Keyed as a create's errors are: `config.webhookUrl`, `config.keys.p256dh`.
        const fields: Record<string, string[]> = {};
        for (const i of parsed.error.issues) {
          const key = ['config', ...i.path.map(String)].join('.');
          (fields[key] ??= []).push(i.message);
        }
        throw validationError(msg('server.errors.invalidInput'), fields);
      }
      if (parsed && c.type !== 'email' && c.type !== 'telegram') {
        const next = parsed.data as Record<string, unknown>;
        t = target(c.type, next, '');
        if (c.type === 'ntfy' && next.token === undefined) {
          // The token is kept: its secret, and the answer's hasToken.
          const kept = await repo.secret(user.id, c.id);
          t.secretEnc = kept ?? t.secretEnc;
          t.config.hasToken = !!kept && cipher.decrypt(kept) !== '';
        }
      }
      if (enabled && c.type === 'telegram' && !('linked' in c.config && c.config.linked))
        throw channelErrors.notLinked();
      const updated = await repo.update(user.id, c.id, {
        ...(t ?? {}),
        ...(events === undefined ? {} : { events }),
        ...(numberIds === undefined ? {} : { numberIds }),
        ...(tagIds === undefined ? {} : { tagIds }),
        ...(quietHours === undefined ? {} : { quietHours }),
        ...(reminderDays === undefined ? {} : { reminderDays }),
        ...(enabled === undefined ? {} : { enabled }),
      });
      if (!updated) throw channelErrors.notFound();
      return withReason(req, updated);
    },
  );

  app.delete(
    '/v1/notification-channels/:id',
    {
      config: write(60),
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'Deletes a channel and its delivery log; notifications not yet sent are dropped.',
        params: idParams,
        response: errorResponses('UNAUTHORIZED', 'CHANNEL_NOT_FOUND'),
      },
    },
    async (req, reply) => {
      if (!(await repo.delete(requireUser(req).id, req.params.id))) throw channelErrors.notFound();
      return reply.status(204).send();
    },
  );

  deliveryLogRoutes(app, {
    base: '/v1/notification-channels',
    tags,
    scopes: { read: 'channels:read', write: 'channels:write' },
    notFound: 'CHANNEL_NOT_FOUND',
    own,
    test: {
      event: 'channel.test',
      data: (id) => ({ test: true, channelId: id }),
      description:
        'Sends a test notification now (a delivery in the log like any other; quiet hours do not hold it).',
    },
    repo: deps.deliveries,
    now,
    kick: deps.kick,
    what: 'channel',
  });
}

/** Tokens as @BotFather gives them (TELEGRAM_BOT_TOKEN takes the same form). */
const botTokenBody = z.object({
  token: z
    .string({ error: 'Paste the token @BotFather gave you' })
    .trim()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'A bot token looks like 123456:ABC-DEF…'),
});

/**
 * The site's Telegram bot token, for admins with the `settings` permission: saved (after Telegram
 * said whose it is) encrypted, or removed; never shown again. TELEGRAM_BOT_TOKEN, when set, wins.
 */
export function telegramBotRoutes(
  app: App,
  deps: {
    bot: TelegramBot;
    repo: ChannelsRepository;
    cipher: ReturnType<typeof createCipher>;
    now: () => Date;
  },
) {
  const { bot, repo, cipher, now } = deps;
  const doc = { tags: ['admin'] };
  const guard = { preValidation: adminOnly('settings') };
  const answer = z.object({ configured: z.boolean(), username: z.string().nullable() });

  app.put(
    '/v1/admin/telegram-bot',
    {
      ...guard,
      config: perUser(10),
      schema: {
        ...doc,
        description:
          "Saves the site's Telegram bot token (checked with the Bot API's getMe first). Telegram notification channels use it.",
        body: botTokenBody,
        response: {
          200: answer,
          ...errorResponses('TELEGRAM_TOKEN_REFUSED', 'TELEGRAM_TOKEN_FROM_ENV'),
        },
      },
    },
    async (req) => {
      const admin = requireAdmin(req, 'settings');
      if (bot.source() === 'env') throw channelErrors.tokenFromEnv();
      let username: string;
      try {
        username = (await bot.check(req.body.token)).username;
      } catch (err) {
        throw channelErrors.tokenRefused((err as Error).message.replace(/^Telegram getMe: /, ''));
      }
      await repo.setBotToken(cipher.encrypt(req.body.token), admin, now());
      await bot.reload();
      return { configured: true, username };
    },
  );

  app.delete(
    '/v1/admin/telegram-bot',
    {
      ...guard,
      config: perUser(10),
      schema: {
        ...doc,
        description:
          'Removes the saved bot token: Telegram channels stop sending until another is saved.',
        response: { 200: answer, ...errorResponses('TELEGRAM_TOKEN_FROM_ENV') },
      },
    },
    async (req) => {
      const admin = requireAdmin(req, 'settings');
      if (bot.source() === 'env') throw channelErrors.tokenFromEnv();
      await repo.setBotToken(null, admin, now());
      await bot.reload();
      return { configured: false, username: null };
    },
  );
}
