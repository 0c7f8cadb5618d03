import type { ReactNode } from 'react';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import type { SystemInfo } from '../../../../shared/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatCount } from '../../../lib/format.ts';
import { formatClockTime } from '../../../lib/format-time.ts';
import { T, useT, type Translate } from '../../../lib/i18n.tsx';

/** The notification kinds in words; brands keep their names. */
const KIND_LABELS: Partial<Record<string, MessageId>> = {
  webhook: 'admin.settings.kindWebhook',
  email: 'admin.settings.kindEmail',
};
const BRANDS: Partial<Record<string, string>> = {
  telegram: 'Telegram',
  ntfy: 'ntfy',
  discord: 'Discord',
  slack: 'Slack',
};
const kindLabel = (t: Translate, kind: string) => {
  const key = KIND_LABELS[kind];
  return key ? t(key) : (BRANDS[kind] ?? kind);
};

/** The real version, database and poller state, as the server saw them at `generatedAt`. */
export function SystemInformation({ system }: { system: SystemInfo }) {
  const t = useT();
  const { database, poller, notifications } = system;
  const version = `v${system.version}`;
  return (
    <Card className="p-4 sm:p-6" data-testid="system-information">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('admin.settings.system')}</h2>
        <p className="text-xs text-slate-500">
          <T
            id="admin.settings.asOf"
            values={{ time: formatClockTime(new Date(system.generatedAt)) }}
            components={{ 0: <time dateTime={system.generatedAt} /> }}
          />
        </p>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Item label={t('admin.settings.version')}>{version}</Item>
        <Item label={t('admin.settings.database')}>
          <span className="flex flex-wrap items-center gap-2">
            {database.kind === 'pglite' ? t('admin.settings.pglite') : t('admin.settings.postgres')}
            {database.status === 'connected' ? (
              <Badge tone="green">{t('admin.settings.connected')}</Badge>
            ) : (
              <Badge tone="red">{t('admin.settings.unreachable')}</Badge>
            )}
          </span>
        </Item>
        <Item label={t('admin.settings.poller')}>
          {poller.running
            ? t('admin.settings.pollerRunning')
            : t('admin.settings.pollerNotRunning')}
        </Item>
        <Item label={t('admin.settings.numbersDue')}>{formatCount(poller.numbersDue)}</Item>
        <Item label={t('admin.settings.pollsLastMinute')}>
          {formatCount(poller.pollsLastMinute)}
        </Item>
        <Item label={t('admin.settings.failingHosts')}>
          {poller.failingHosts.length === 0 ? (
            t('admin.settings.none')
          ) : (
            <ul className="space-y-0.5">
              {poller.failingHosts.map((h) => (
                <li key={h.host} className="break-all">
                  {h.host}{' '}
                  <span className="text-slate-500">
                    {t('admin.settings.hostNumbers', { count: h.numbers })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label={t('admin.settings.email')}>
          {notifications.mailer === 'smtp'
            ? t('admin.settings.smtp')
            : t('admin.settings.consoleMail')}
        </Item>
        <Item label={t('admin.settings.telegramBot')}>
          {notifications.telegram ? (
            <Badge tone="green">
              {notifications.telegram === 'env'
                ? t('admin.settings.telegramFromEnv')
                : t('admin.settings.tokenSaved')}
            </Badge>
          ) : (
            <span>{t('admin.settings.notConfigured')}</span>
          )}
        </Item>
        <Item label={t('admin.settings.webPush')}>
          {notifications.webPush ? (
            <Badge tone="green">{t('admin.settings.vapidReady')}</Badge>
          ) : (
            <span>{t('admin.settings.vapidMissing')}</span>
          )}
        </Item>
        <Item label={t('admin.settings.deliveriesLastHour')}>
          {notifications.lastHour.length === 0 ? (
            t('admin.settings.none')
          ) : (
            <ul className="space-y-0.5" data-testid="delivery-volume">
              {notifications.lastHour.map((v) => (
                <li key={v.kind}>
                  <span className="font-medium">{kindLabel(t, v.kind)}</span>:{' '}
                  {t('admin.settings.delivered', { count: v.delivered })}
                  {v.pending > 0 && t('admin.settings.pending', { count: v.pending })}
                  {v.failed > 0 && t('admin.settings.failed', { count: v.failed })}
                </li>
              ))}
            </ul>
          )}
        </Item>
      </dl>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
