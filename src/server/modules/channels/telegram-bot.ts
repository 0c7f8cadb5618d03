import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { realTimers, type Scheduler, type Timer } from '../../clock.ts';
import { DEFAULT_LOCALE, localeOfTag } from '../../../shared/i18n/locales.ts';
import { translate } from '../../i18n.ts';
import type { SafeFetcher } from '../../providers/safe-fetch.ts';
import type { ChannelsRepository } from './channels.repository.ts';

/** How a channel's one-time link token is kept: its SHA-256 (hex). */
export const hashLinkToken = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/** Seconds a `getUpdates` call waits for an update (Telegram's long polling). */
export const LONG_POLL_SECONDS = 25;
/** The reader's lease on the updates (renewed by every call). */
const LEASE_MS = (LONG_POLL_SECONDS + 35) * 1000;
/** Waits after a failed call (doubling), and while another process reads the updates. */
const RETRY_MS = [1_000, 5_000, 15_000, 60_000];
const OTHER_READER_MS = 30_000;
/** How long a process trusts the saved token it read (others may have changed it). */
const TOKEN_TTL_MS = 30_000;

type Update = {
  update_id: number;
  message?: {
    text?: string;
    /** The sender; `language_code`: their Telegram app's language (an IETF tag), when known. */
    from?: { language_code?: string };
    chat: {
      id: number;
      type: string;
      title?: string;
      username?: string;
      first_name?: string;
      last_name?: string;
    };
  };
};
const START = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{16,64}))?\s*$/;

/** A chat's name as the channel shows it: a group's title, else the person's name. */
const chatName = (c: NonNullable<Update['message']>['chat']) =>
  c.title ??
  ([c.first_name, c.last_name].filter(Boolean).join(' ') ||
    (c.username ? `@${c.username}` : String(c.id)));

/**
 * The site's Telegram bot: learns its username (`getMe`, for the `t.me` links) and links chats.
 * One process at a time reads the updates by long polling `getUpdates` (a lease in
 * `telegram_bot_state`, where the next offset is kept too, so a restart neither loses nor repeats
 * an update); `/start <token>` links the chat to the channel whose link carried the token and
 * queues a "linked" notification on it (a durable delivery, in its log). Calls go through the
 * SSRF-safe fetcher to `TELEGRAM_API_URL`.
 */
export function createTelegramBot(deps: {
  /** TELEGRAM_BOT_TOKEN: when set it is the token, whatever the admin saved. */
  envToken?: string | undefined;
  /** The admin's saved token (decrypted), read again when older than TOKEN_TTL_MS. */
  savedToken: () => Promise<string | undefined>;
  apiUrl: string;
  fetcher: SafeFetcher;
  repo: ChannelsRepository;
  /** Queues the notification that a chat was linked (a delivery of the channel). */
  linked: (channelId: string, at: Date) => Promise<void>;
  now: () => Date;
  log: FastifyBaseLogger;
  timers?: Scheduler;
  /** Seconds each `getUpdates` waits (tests: short). */
  longPollSeconds?: number;
}) {
  const timers = deps.timers ?? realTimers;
  const longPoll = deps.longPollSeconds ?? LONG_POLL_SECONDS;
  const owner = crypto.randomUUID();
  /** The token in use (the environment's, else the saved one) and when it was read. */
  let token: string | undefined = deps.envToken;
  let readAt = -Infinity;
  /** This process has held the lease on the updates (stop gives it back). */
  let leased = false;
  let username: string | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let abort: AbortController | undefined;
  let wake: (() => void) | undefined;

  /** The token, read again (the saved one) when stale or `force`d; a change forgets the name. */
  async function refresh(force = false) {
    if (deps.envToken) return;
    if (!force && performance.now() - readAt < TOKEN_TTL_MS) return;
    const next = await deps.savedToken();
    readAt = performance.now();
    if (next !== token) username = undefined;
    token = next;
  }

  /** A Bot API call: its `result`, or an error naming the method (never the token). */
  async function call<T>(
    method: string,
    body: object,
    signal?: AbortSignal,
    withToken = token,
  ): Promise<T> {
    if (!withToken) throw new Error('No Telegram bot token');
    const out = await deps.fetcher.fetch(`${deps.apiUrl}/bot${withToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    if (!out.ok) throw new Error(`Telegram ${method}: ${out.error}`);
    const answer = JSON.parse(out.body) as { ok: boolean; result?: T; description?: string };
    if (!answer.ok) throw new Error(`Telegram ${method}: ${answer.description ?? 'refused'}`);
    return answer.result as T;
  }

  async function reply(chatId: number, text: string) {
    try {
      await call('sendMessage', { chat_id: chatId, text });
    } catch (err) {
      // A courtesy answer: the link itself is stored, and the channel's log shows its own message.
      deps.log.warn({ err }, 'a Telegram reply failed');
    }
  }

  async function handle(u: Update) {
    const m = u.message;
    const start = m?.text && START.exec(m.text.trim());
    if (!m || !start) return;
    const token = start[1];
    const at = deps.now();
    const id = token
      ? await deps.repo.linkTelegram(hashLinkToken(token), String(m.chat.id), chatName(m.chat), at)
      : undefined;
    if (id) await deps.linked(id, at);
    else {
      // No account is known here: the answer is in the language of the sender's Telegram app.
      const lang = localeOfTag(m.from?.language_code ?? '') ?? DEFAULT_LOCALE;
      await reply(
        m.chat.id,
        token
          ? translate(lang, 'server.telegram.linkExpired')
          : translate(lang, 'server.telegram.howToLink'),
      );
    }
  }

  /** One read of the updates (when this process holds the lease): how many were handled. */
  async function readOnce(signal?: AbortSignal): Promise<number | undefined> {
    await refresh();
    if (!token) return undefined;
    const offset = await deps.repo.botLease(owner, deps.now(), LEASE_MS);
    if (offset === undefined) return undefined;
    leased = true;
    const updates = await call<Update[]>(
      'getUpdates',
      { offset, timeout: longPoll, allowed_updates: ['message'] },
      signal,
    );
    let next = offset;
    for (const u of updates) {
      await handle(u);
      next = Math.max(next, u.update_id + 1);
      // Kept after each update: a crash repeats none already handled.
      await deps.repo.botOffset(owner, next);
    }
    return updates.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      let t: Timer | undefined = undefined;
      wake = () => {
        wake = undefined;
        timers.clearTimeout(t);
        resolve();
      };
      t = timers.setTimeout(() => wake?.(), ms);
    });

  async function run() {
    let failures = 0;
    while (running) {
      abort = new AbortController();
      try {
        const n = await readOnce(abort.signal);
        failures = 0;
        if (n === undefined) await pause(OTHER_READER_MS);
      } catch (err) {
        if (!running) break;
        deps.log.warn({ err }, 'reading Telegram updates failed');
        await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
      }
    }
  }

  return {
    /** The token to send with and the Bot API's base, or undefined when the site has no bot. */
    credentials: () => (token ? { apiUrl: deps.apiUrl, token } : undefined),
    /** Where the token comes from: the environment, the admin's settings, or nowhere. */
    source: (): 'env' | 'settings' | null => (deps.envToken ? 'env' : token ? 'settings' : null),
    /** Where the token comes from, read again if stale (System Information). */
    async status() {
      await refresh();
      return deps.envToken ? ('env' as const) : token ? ('settings' as const) : null;
    },
    /** The token changed here (saved or removed): read it again now. */
    reload: () => refresh(true),
    /** The bot a token belongs to (getMe): its username, or an error saying why not. */
    check: (candidate: string) => call<{ username: string }>('getMe', {}, undefined, candidate),
    /** The bot's username (asked once; undefined without a bot or while the API is unreachable). */
    async username() {
      await refresh();
      if (!token) return undefined;
      if (username) return username;
      try {
        username = (await call<{ username: string }>('getMe', {})).username;
      } catch (err) {
        deps.log.warn({ err }, 'the Telegram bot could not be reached');
      }
      return username;
    },
    readOnce,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      abort?.abort();
      wake?.();
      await loop;
      // Given back so another process reads at once; if that fails, the lease runs out by itself.
      if (leased)
        await deps.repo
          .botRelease(owner)
          .catch((err: unknown) => deps.log.warn({ err }, 'the Telegram lease was not given back'));
    },
  };
}
export type TelegramBot = ReturnType<typeof createTelegramBot>;
