import { and, count, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { deliveries, webhooks } from '../webhooks/webhooks.table.ts';
import { users } from '../users/users.table.ts';
import { siteSettings } from './settings.table.ts';

export type StoredSetting = {
  key: string;
  value: boolean | number | string;
  updatedAt: Date;
  /** Email of whoever stored it (null once that user is deleted). */
  updatedBy: string | null;
};

export type SettingActor = { id: string; email: string };

export function settingsRepository(db: Db) {
  const stored = () =>
    db
      .select({
        key: siteSettings.key,
        value: siteSettings.value,
        updatedAt: siteSettings.updatedAt,
        updatedBy: users.email,
      })
      .from(siteSettings)
      .leftJoin(users, eq(users.id, siteSettings.updatedBy));

  return {
    /** Every stored (non-default) setting, with the email of whoever changed it last. */
    all: (): Promise<StoredSetting[]> => stored(),

    /**
     * Stores one setting (or deletes its row when `value` is the default, so a reset and an
     * explicit default look the same) and audits it, in one transaction. Returns the previous
     * stored value (undefined when it had its default).
     */
    async put(
      key: string,
      value: boolean | number | string,
      isDefault: boolean,
      actor: SettingActor,
      at: Date,
      previousDefault: boolean | number | string,
    ): Promise<StoredSetting | undefined> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ value: siteSettings.value })
          .from(siteSettings)
          .where(eq(siteSettings.key, key))
          .for('update');
        if (isDefault) {
          await tx.delete(siteSettings).where(eq(siteSettings.key, key));
        } else {
          await tx
            .insert(siteSettings)
            .values({ key, value, updatedAt: at, updatedBy: actor.id })
            .onConflictDoUpdate({
              target: siteSettings.key,
              set: { value, updatedAt: at, updatedBy: actor.id },
            });
        }
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: 'site_setting_updated',
          target: key,
          details: { key, value, previous: old ? old.value : previousDefault },
          at,
        });
        return isDefault ? undefined : { key, value, updatedAt: at, updatedBy: actor.email };
      });
    },

    /** Deletes every stored setting (all back to their defaults) and audits it; returns the keys reset. */
    async reset(actor: SettingActor, at: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const gone = await tx.delete(siteSettings).returning({
          key: siteSettings.key,
          value: siteSettings.value,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: 'site_settings_reset',
          target: 'site_settings',
          details: { previous: Object.fromEntries(gone.map((g) => [g.key, g.value])) },
          at,
        });
        return gone.map((g) => g.key);
      });
    },

    /**
     * The poller's state across every process, from the numbers table: active numbers due now (the
     * partial index on next_poll_at), and in one pass over the active numbers grouped by host,
     * those polled since `since` and the failing ones per host.
     */
    async pollerState(now: Date, since: Date) {
      const [due] = await db
        .select({ n: count() })
        .from(voipNumbers)
        .where(and(eq(voipNumbers.isActive, true), lte(voipNumbers.nextPollAt, now)));
      const failing = or(sql`${voipNumbers.failures} > 0`, isNotNull(voipNumbers.lastError));
      const hosts = await db
        .select({
          host: voipNumbers.apiHost,
          polled:
            sql<number>`count(*) filter (where ${gte(voipNumbers.lastPolledAt, since)})`.mapWith(
              Number,
            ),
          failing: sql<number>`count(*) filter (where ${failing})`.mapWith(Number),
        })
        .from(voipNumbers)
        .where(eq(voipNumbers.isActive, true))
        .groupBy(voipNumbers.apiHost);
      return {
        numbersDue: due!.n,
        pollsLastMinute: hosts.reduce((sum, h) => sum + h.polled, 0),
        failingHosts: hosts
          .filter((h) => h.failing > 0)
          .map((h) => ({ host: h.host, numbers: h.failing }))
          .sort((a, b) => b.numbers - a.numbers || a.host.localeCompare(b.host)),
      };
    },

    /** Deliveries made since `since`, by kind of endpoint and status. */
    async deliveryVolume(since: Date) {
      const rows = await db
        .select({
          kind: webhooks.kind,
          delivered:
            sql<number>`count(*) filter (where ${deliveries.status} = 'delivered')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${deliveries.status} = 'pending')`.mapWith(
            Number,
          ),
          failed: sql<number>`count(*) filter (where ${deliveries.status} = 'failed')`.mapWith(
            Number,
          ),
        })
        .from(deliveries)
        .innerJoin(webhooks, eq(webhooks.id, deliveries.webhookId))
        .where(gte(deliveries.createdAt, since))
        .groupBy(webhooks.kind)
        .orderBy(webhooks.kind);
      return rows;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
