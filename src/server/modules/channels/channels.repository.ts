import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChannelDto, ChannelType, QuietHours } from '../../../shared/channels.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { webhooks } from '../webhooks/webhooks.table.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { telegramBotState } from './channels.table.ts';

/**
 * Notification channels: the endpoints of `webhooks` whose kind is not `webhook` (ADR 0017).
 * Where they send is the row's URL (`mailto:`, `tg:<chat>`, the ntfy topic, the Discord or Slack
 * URL); `config` keeps what the answers show besides (never a secret; a Telegram link's hash).
 */
const isChannel = ne(webhooks.kind, 'webhook');

const columns = {
  id: webhooks.id,
  kind: webhooks.kind,
  url: webhooks.url,
  config: webhooks.config,
  events: webhooks.events,
  numberIds: webhooks.numberIds,
  tagIds: webhooks.tagIds,
  quietHours: webhooks.quietHours,
  reminderDays: webhooks.reminderDays,
  enabled: webhooks.enabled,
  disabledReason: webhooks.disabledReason,
  failingSince: webhooks.failingSince,
  createdAt: webhooks.createdAt,
};
type Row = {
  id: string;
  kind: string;
  url: string;
  config: Record<string, unknown>;
  events: string[];
  numberIds: string[];
  tagIds: string[];
  quietHours: QuietHours | null;
  reminderDays: number[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
};

/** What a channel's answers show of where it sends. */
function configDto(r: Row): ChannelDto['config'] {
  switch (r.kind as ChannelType) {
    case 'email':
      return { email: r.url.slice('mailto:'.length) };
    case 'telegram':
      return {
        linked: r.url !== 'tg:',
        chat: typeof r.config.chat === 'string' ? r.config.chat : null,
      };
    case 'ntfy':
      return {
        serverUrl: String(r.config.serverUrl),
        topic: String(r.config.topic),
        hasToken: r.config.hasToken === true,
      };
    case 'webpush':
      return {
        endpoint: r.url,
        pushService: new URL(r.url).host,
        device: typeof r.config.device === 'string' ? r.config.device : null,
      };
    default:
      return { webhookUrl: r.url };
  }
}
const toDto = (r: Row): ChannelDto => ({
  id: r.id,
  type: r.kind as ChannelType,
  config: configDto(r),
  events: r.events as ChannelDto['events'],
  numberIds: r.numberIds,
  tagIds: r.tagIds,
  quietHours: r.quietHours,
  reminderDays: r.reminderDays,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** A channel as stored: where it sends, its shown config, its encrypted secret (or ''). */
export type ChannelTarget = { url: string; config: Record<string, unknown>; secretEnc: string };
export type ChannelRules = {
  events: string[];
  numberIds: string[];
  tagIds: string[];
  quietHours: QuietHours | null;
  reminderDays: number[];
  enabled: boolean;
};

export function channelsRepository(db: Db) {
  const mine = (userId: string, id: string) =>
    and(eq(webhooks.userId, userId), eq(webhooks.id, id), isChannel);

  return {
    list: async (userId: string) =>
      (
        await db
          .select(columns)
          .from(webhooks)
          .where(and(eq(webhooks.userId, userId), isChannel))
          .orderBy(webhooks.createdAt, webhooks.id)
      ).map(toDto),

    async get(userId: string, id: string) {
      const [row] = await db.select(columns).from(webhooks).where(mine(userId, id));
      return row && toDto(row);
    },

    /** Undefined when the user holds `max` channels already (counted under a lock on the user). */
    create: (
      userId: string,
      kind: ChannelType,
      target: ChannelTarget,
      rules: ChannelRules,
      max: number,
      now: Date,
    ) =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(webhooks)
          .where(and(eq(webhooks.userId, userId), isChannel));
        if (held!.n >= max) return undefined;
        const [row] = await tx
          .insert(webhooks)
          .values({ userId, kind, ...target, ...rules, createdAt: now })
          .returning(columns);
        return toDto(row!);
      }),

    /** Re-enabling clears why the server disabled it and its failing time. */
    async update(
      userId: string,
      id: string,
      patch: Partial<ChannelRules> & Partial<ChannelTarget>,
    ) {
      const [row] = await db
        .update(webhooks)
        .set({
          ...patch,
          ...(patch.enabled ? { disabledReason: null, failingSince: null } : {}),
        })
        .where(mine(userId, id))
        .returning(columns);
      return row && toDto(row);
    },

    delete: async (userId: string, id: string) =>
      (await db.delete(webhooks).where(mine(userId, id)).returning({ id: webhooks.id })).length > 0,

    /** A channel's encrypted secret (to keep an ntfy token a change does not mention). */
    async secret(userId: string, id: string) {
      const [row] = await db
        .select({ secretEnc: webhooks.secretEnc })
        .from(webhooks)
        .where(mine(userId, id));
      return row?.secretEnc;
    },

    /**
     * Links the Telegram chat of `/start <token>` (by the token's hash) to its channel while the
     * link is valid, and turns the channel on. Linking the same chat again is a no-op success, so
     * an update seen twice links once. Answers the channel's id, or undefined for an unknown or
     * expired token.
     */
    async linkTelegram(tokenHash: string, chatId: string, chat: string, now: Date) {
      const [row] = await db
        .update(webhooks)
        .set({
          url: `tg:${chatId}`,
          config: sql`${webhooks.config} || jsonb_build_object('chat', ${chat}::text)`,
          enabled: true,
          disabledReason: null,
          failingSince: null,
        })
        .where(
          and(
            eq(webhooks.kind, 'telegram'),
            sql`${webhooks.config} ->> 'linkHash' = ${tokenHash}`,
            sql`(${webhooks.config} ->> 'linkUntil')::timestamptz > ${now.toISOString()}::timestamptz`,
            inArray(webhooks.url, ['tg:', `tg:${chatId}`]),
          ),
        )
        .returning({ id: webhooks.id });
      return row?.id;
    },

    /**
     * Takes (or renews) the site bot's lease on reading Telegram updates for `leaseMs`: the
     * offset to read from, or undefined while another process holds it.
     */
    async botLease(owner: string, at: Date, leaseMs: number) {
      const until = new Date(at.getTime() + leaseMs).toISOString();
      const rows = rowsOf<{ offset: number }>(
        await db.execute(sql`
          insert into telegram_bot_state (id, update_offset, lease_owner, lease_until)
          values (1, 0, ${owner}, ${until}::timestamptz)
          on conflict (id) do update set lease_owner = excluded.lease_owner,
            lease_until = excluded.lease_until
          where telegram_bot_state.lease_owner = ${owner}
            or telegram_bot_state.lease_until is null
            or telegram_bot_state.lease_until <= ${at.toISOString()}::timestamptz
          returning update_offset::float8 as "offset"`),
      );
      return rows[0]?.offset;
    },

    /** The next update to read (kept by the lease's holder only). */
    botOffset: (owner: string, next: number) =>
      db
        .update(telegramBotState)
        .set({ updateOffset: next })
        .where(and(eq(telegramBotState.id, 1), eq(telegramBotState.leaseOwner, owner))),

    /** The bot token an admin saved (encrypted), if any. */
    async botToken() {
      const [row] = await db
        .select({ tokenEnc: telegramBotState.tokenEnc })
        .from(telegramBotState)
        .where(eq(telegramBotState.id, 1));
      return row?.tokenEnc ?? undefined;
    },

    /**
     * Saves (or with null removes) the bot token, audited in the same transaction (the entry says
     * what was done, never the token). Answers whether one was saved before.
     */
    setBotToken: (tokenEnc: string | null, actor: { id: string; email: string }, now: Date) =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select({ tokenEnc: telegramBotState.tokenEnc })
          .from(telegramBotState)
          .where(eq(telegramBotState.id, 1))
          .for('update');
        await tx
          .insert(telegramBotState)
          .values({ id: 1, tokenEnc })
          .onConflictDoUpdate({ target: telegramBotState.id, set: { tokenEnc } });
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: tokenEnc ? 'telegram_bot_token_saved' : 'telegram_bot_token_removed',
          target: 'telegram_bot',
          at: now,
        });
        return !!before?.tokenEnc;
      }),

    /** Gives the lease back (a stopping process): another may read at once. */
    botRelease: (owner: string) =>
      db
        .update(telegramBotState)
        .set({ leaseUntil: null })
        .where(and(eq(telegramBotState.id, 1), eq(telegramBotState.leaseOwner, owner))),
  };
}
export type ChannelsRepository = ReturnType<typeof channelsRepository>;
