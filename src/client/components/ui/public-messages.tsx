import { formatPhone } from '../../../shared/phone.ts';
import type { PublicMessage } from '../../../shared/sharing.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n.tsx';
import { formatAge, formatFullTime, formatMessageTime } from '../../lib/format.ts';
import { latestCode } from '../../lib/latest-code.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { CopyAction } from './copy-action.tsx';
import { MessageText } from './message-text.tsx';

/**
 * The newest code of the last 10 minutes, large, with its sender, age and Copy Code ('Copied!'
 * for 2 seconds): on a phone the first thing a visitor waiting for a code sees. Nothing when
 * there is none.
 */
export function LatestCodeBanner({
  messages,
  now,
  formatted,
}: {
  messages: readonly PublicMessage[];
  now: Date;
  formatted: string;
}) {
  const t = useT();
  const latest = latestCode(messages, now);
  // The viewer's time zone is known in the browser only (server-rendered pages: after hydration).
  const local = useHydrated();
  if (!latest) return null;
  return (
    <div
      data-testid="latest-code-banner"
      className="flex flex-wrap items-center gap-3 rounded-xl bg-accent-50 px-4 py-3 ring-1 ring-accent-200 ring-inset"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
          <span className="font-medium">{t('share.messages.latestCode')}</span>
          <span className="min-w-0 truncate">{formatPhone(latest.sender)}</span>
          <time
            dateTime={latest.receivedAt}
            title={local ? formatFullTime(latest.receivedAt) : undefined}
          >
            {formatAge(t, latest.receivedAt, now)}
          </time>
        </p>
        <p
          data-testid="latest-code"
          className="font-mono text-3xl font-bold tracking-widest break-all text-accent-700 tabular-nums sm:text-4xl"
        >
          {latest.code}
        </p>
      </div>
      <CopyAction
        text={latest.code}
        variant="accent"
        label={t('share.messages.copyCodeFor', { code: latest.code, number: formatted })}
        className="max-sm:w-full"
      >
        {t('share.messages.copyCode')}
      </CopyAction>
    </div>
  );
}

/**
 * Messages newest first in a scrolling box of limited height: time (short month, day, h:mm AM/PM),
 * sender, the text with its code highlighted, and Copy Code. 'No messages yet' when empty.
 */
export function PublicMessageList({
  messages,
  now,
  formatted,
  heading,
  className,
}: {
  messages: readonly PublicMessage[];
  now: Date;
  formatted: string;
  /** e.g. 'Recent Messages (3)'; the list's accessible name. */
  heading?: string;
  className?: string;
}) {
  const t = useT();
  const sorted = [...messages].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
  // Times are in the viewer's time zone, known in the browser only: a server-rendered page shows
  // them once hydrated (the HTML has the machine-readable `dateTime`).
  const local = useHydrated();
  const name = heading ?? t('share.messages.messagesFor', { number: formatted });
  return (
    <div className={className}>
      {heading && <h2 className="mb-2 text-base font-semibold text-slate-900">{heading}</h2>}
      {sorted.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
          data-testid="no-messages"
        >
          {t('share.messages.none')}
        </p>
      ) : (
        <ul
          aria-label={name}
          // Scrollable with the keyboard too.
          tabIndex={0}
          className="relative max-h-96 divide-y divide-slate-100 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
          data-testid="public-messages"
        >
          {sorted.map((m) => (
            <li key={m.id} className="px-3 py-3 sm:px-4" data-testid="public-message">
              <div className="flex items-baseline justify-between gap-3 text-xs text-slate-500">
                <span className="min-w-0 truncate font-semibold text-slate-800">
                  {formatPhone(m.sender)}
                </span>
                <time
                  dateTime={m.receivedAt}
                  title={local ? formatFullTime(m.receivedAt) : undefined}
                  className="shrink-0 whitespace-nowrap"
                >
                  {local ? formatMessageTime(m.receivedAt, now) : ''}
                </time>
              </div>
              <div
                className={cn(
                  'mt-1.5 flex flex-col gap-2',
                  m.code && 'sm:flex-row sm:items-center',
                )}
              >
                <MessageText content={m.content} code={m.code} className="min-w-0 flex-1" />
                {m.code && (
                  <span className="inline-flex w-fit shrink-0 items-center gap-1 rounded-lg bg-accent-50 py-0.5 pr-0.5 pl-2.5 ring-1 ring-accent-200 ring-inset">
                    <span
                      className="font-mono text-base font-semibold tracking-wider text-accent-700 tabular-nums"
                      data-testid="message-code"
                    >
                      {m.code}
                    </span>
                    <CopyAction
                      text={m.code}
                      variant="ghost"
                      size="sm"
                      label={t('share.messages.copyCodeFrom', {
                        code: m.code,
                        sender: formatPhone(m.sender) || formatted,
                      })}
                      className="h-8! px-2! text-accent-700! hover:bg-accent-100!"
                    >
                      {t('share.messages.copyCode')}
                    </CopyAction>
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
