import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  isSettingKey,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  settingValueSchema,
  type SettingDto,
  type SettingKey,
  type SiteInfo,
  type SiteSettings,
  type SystemInfo,
} from '../../../shared/settings.ts';
import type { Database } from '../../db/client.ts';
import { projectRoot } from '../../paths.ts';
import { settingsErrors } from './settings.errors.ts';
import type { SettingActor, SettingsRepository, StoredSetting } from './settings.repository.ts';

/** How long a process trusts its copy of the settings: another process's change shows within this. */
export const SETTINGS_TTL_MS = 2000;

type Log = { warn: (obj: object, msg: string) => void };

let packageVersion: string | undefined;
/** package.json's version, read once. */
function appVersion(): string {
  packageVersion ??= (
    JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return packageVersion;
}

const sameValue = (a: unknown, b: unknown) => a === b;

/**
 * Site settings with a short per-process cache: `current()` reloads at most every `ttlMs` (callers
 * during a reload share it), so every web and worker process sees a change within a few seconds; the
 * writing process drops its copy at once. A database error while reloading keeps the last known
 * values (a warning, never a failure). Stored values that no longer pass their key's schema (edited
 * by hand) count as the default.
 */
export function settingsService(deps: {
  repo: SettingsRepository;
  database: Pick<Database, 'kind' | 'ping'>;
  log: Log;
  now: () => Date;
  /** Whether this process runs the poller (PROCESS_MODE all or worker). */
  pollerRunning: () => boolean;
  /** How notifications go out: the mailer's kind, and whether there is a Telegram bot. */
  notifications: () => Promise<{
    mailer: 'smtp' | 'console';
    telegram: 'env' | 'settings' | null;
    webPush: boolean;
  }>;
  ttlMs?: number;
  /** A monotonic clock in ms for the cache (tests pass their own). */
  clock?: () => number;
}) {
  const { repo, log, now } = deps;
  const ttlMs = deps.ttlMs ?? SETTINGS_TTL_MS;
  const clock = deps.clock ?? (() => performance.now());

  let values: SiteSettings = { ...DEFAULT_SETTINGS };
  /** Bumped whenever the values change (HTML rewritten per version). */
  let version = 0;
  let loadedAt = -Infinity;
  /** Bumped by `invalidate()`: a reload begun before it must not count as fresh. */
  let generation = 0;
  let loading: Promise<SiteSettings> | undefined;
  /** Whether the stored values were ever read (until then `values` are only the defaults). */
  let everLoaded = false;

  function valuesOf(rows: StoredSetting[]): SiteSettings {
    const next: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const r of rows) {
      if (!isSettingKey(r.key)) continue;
      const parsed = settingValueSchema(r.key).safeParse(r.value);
      if (parsed.success) next[r.key] = parsed.data;
      else log.warn({ key: r.key }, 'site setting: stored value is invalid; using the default');
    }
    return next as SiteSettings;
  }

  function adopt(next: SiteSettings) {
    if (SETTING_KEYS.some((k) => !sameValue(values[k], next[k]))) {
      values = next;
      version++;
    }
  }

  function reload(): Promise<SiteSettings> {
    const gen = generation;
    const started = clock();
    const p = repo
      .all()
      .then(
        (rows) => {
          if (gen === generation) {
            adopt(valuesOf(rows));
            loadedAt = started;
            everLoaded = true;
          }
          return values;
        },
        (err: unknown) => {
          // Try again after another ttl, not on every call while the database is down.
          if (gen === generation) loadedAt = started;
          log.warn({ err }, 'site settings: reload failed; keeping the last known values');
          return values;
        },
      )
      .finally(() => {
        if (loading === p) loading = undefined;
      });
    loading = p;
    return p;
  }

  /** The settings, at most `ttlMs` old. Never rejects. */
  function current(): Promise<SiteSettings> {
    if (clock() - loadedAt < ttlMs) return Promise.resolve(values);
    return loading ?? reload();
  }

  function invalidate() {
    generation++;
    loadedAt = -Infinity;
    loading = undefined;
  }

  const dto = (key: SettingKey, row: StoredSetting | undefined): SettingDto => ({
    key,
    value: row ? row.value : DEFAULT_SETTINGS[key],
    isDefault: !row,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: row ? row.updatedBy : null,
  });

  async function list(): Promise<SettingDto[]> {
    const rows = await repo.all();
    adopt(valuesOf(rows));
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return SETTING_KEYS.map((k) => {
      const row = byKey.get(k);
      // A stored value that no longer passes its schema is in effect the default.
      return dto(k, row && settingValueSchema(k).safeParse(row.value).success ? row : undefined);
    });
  }

  async function ping(): Promise<'connected' | 'unreachable'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.database.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000))),
      ]);
      return 'connected';
    } catch {
      return 'unreachable';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    current,
    /**
     * One setting's value, at most `ttlMs` old. The one way a module reads a setting: it reads it
     * when it applies it, so a change takes effect in every process within the cache's lifetime.
     */
    get: async <K extends SettingKey>(key: K): Promise<SiteSettings[K]> => (await current())[key],
    /** The last known values and their version, without waiting (may be up to a few seconds old). */
    snapshot: () => ({ values, version }),
    invalidate,
    /**
     * Messages to keep per number for the poller's trim: the setting once it has been read, else
     * the largest allowed value, so a process that cannot read the settings yet (a database blip
     * at start) never trims below a limit an admin raised.
     */
    async keepMessages(): Promise<number> {
      const v = await current();
      return everLoaded
        ? v.max_messages_per_number
        : SETTING_DEFINITIONS.max_messages_per_number.max;
    },

    list,

    /** PUT one setting: 404 for an unknown key, 400 (fields.value) for a wrong type or bound. */
    async update(key: string, value: unknown, actor: SettingActor): Promise<SettingDto> {
      if (!isSettingKey(key)) throw settingsErrors.unknownSetting(key);
      const parsed = settingValueSchema(key).safeParse(value);
      if (!parsed.success) {
        throw settingsErrors.invalidValue(parsed.error.issues[0]?.message ?? `Invalid ${key}`);
      }
      const v = parsed.data;
      const isDefault = v === DEFAULT_SETTINGS[key];
      const row = await repo.put(key, v, isDefault, actor, now(), DEFAULT_SETTINGS[key]);
      invalidate();
      return dto(key, row);
    },

    /** Every setting back to its default (rows deleted), audited; the fresh list. */
    async reset(actor: SettingActor): Promise<SettingDto[]> {
      await repo.reset(actor, now());
      invalidate();
      return list();
    },

    async system(): Promise<SystemInfo> {
      const t = now();
      const [status, poller, lastHour, notifications] = await Promise.all([
        ping(),
        repo.pollerState(t, new Date(t.getTime() - 60_000)),
        repo.deliveryVolume(new Date(t.getTime() - 3_600_000)),
        deps.notifications(),
      ]);
      return {
        version: appVersion(),
        database: { kind: deps.database.kind, status },
        poller: { running: deps.pollerRunning(), ...poller },
        notifications: { ...notifications, lastHour },
        generatedAt: t.toISOString(),
      };
    },

    async site(): Promise<SiteInfo> {
      const s = await current();
      return {
        siteName: s.site_name,
        siteDescription: s.site_description,
        contactEmail: s.contact_email,
        maintenance: s.maintenance_mode,
        blogEnabled: s.blog_enabled,
      };
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
