import type { ReactNode } from 'react';
import type { SystemInfo } from '../../../../shared/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { countOf, formatCount } from '../../../lib/format.ts';
import { formatClockTime } from '../../../lib/format-time.ts';

const DATABASE = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' } as const;
const KIND: Record<string, string> = {
  webhook: 'Webhooks',
  email: 'Email',
  telegram: 'Telegram',
  ntfy: 'ntfy',
  discord: 'Discord',
  slack: 'Slack',
};

/** The real version, database and poller state, as the server saw them at `generatedAt`. */
export function SystemInformation({ system }: { system: SystemInfo }) {
  const { database, poller, notifications } = system;
  return (
    <Card className="p-4 sm:p-6" data-testid="system-information">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">System Information</h2>
        <p className="text-xs text-slate-500">
          As of{' '}
          <time dateTime={system.generatedAt}>{formatClockTime(new Date(system.generatedAt))}</time>
        </p>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Item label="Version">v{system.version}</Item>
        <Item label="Database">
          <span className="flex flex-wrap items-center gap-2">
            {DATABASE[database.kind]}
            {database.status === 'connected' ? (
              <Badge tone="green">Connected</Badge>
            ) : (
              <Badge tone="red">Unreachable</Badge>
            )}
          </span>
        </Item>
        <Item label="Poller">
          {poller.running ? 'Running in this process' : 'Not running in this process'}
        </Item>
        <Item label="Numbers due">{formatCount(poller.numbersDue)}</Item>
        <Item label="Polls in the last minute">{formatCount(poller.pollsLastMinute)}</Item>
        <Item label="Failing hosts">
          {poller.failingHosts.length === 0 ? (
            'None'
          ) : (
            <ul className="space-y-0.5">
              {poller.failingHosts.map((h) => (
                <li key={h.host} className="break-all">
                  {h.host} <span className="text-slate-500">({countOf(h.numbers, 'number')})</span>
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label="Email">
          {notifications.mailer === 'smtp' ? 'SMTP' : 'Console (development: mail is printed)'}
        </Item>
        <Item label="Telegram bot">
          {notifications.telegram ? (
            <Badge tone="green">
              {notifications.telegram === 'env' ? 'Set by TELEGRAM_BOT_TOKEN' : 'Token saved'}
            </Badge>
          ) : (
            <span>Not configured</span>
          )}
        </Item>
        <Item label="Web Push">
          {notifications.webPush ? (
            <Badge tone="green">VAPID keys ready</Badge>
          ) : (
            <span>Not available (no VAPID keys)</span>
          )}
        </Item>
        <Item label="Deliveries in the last hour">
          {notifications.lastHour.length === 0 ? (
            'None'
          ) : (
            <ul className="space-y-0.5" data-testid="delivery-volume">
              {notifications.lastHour.map((v) => (
                <li key={v.kind}>
                  <span className="font-medium">{KIND[v.kind] ?? v.kind}</span>:{' '}
                  {formatCount(v.delivered)} delivered
                  {v.pending > 0 && `, ${formatCount(v.pending)} pending`}
                  {v.failed > 0 && `, ${formatCount(v.failed)} failed`}
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
