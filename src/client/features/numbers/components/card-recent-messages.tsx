import { formatPhone } from '../../../../shared/phone.ts';
import { useId, useState } from 'react';
import { ChevronRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { CARD_RECENT_MESSAGES, type VoipNumber } from '../../../../shared/numbers.ts';
import { CodeWithCopy, MessageText } from '../../../components/ui/message-text.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatAge, formatFullTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';

type Props = { number: VoipNumber; now: Date; formatted: string };

/** The collapsible 'n Recent Messages' of a card: the newest 3, with age and code. */
export function CardRecentMessages({ number, now, formatted }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = number.messageCount;
  const shown = number.recentMessages.slice(0, CARD_RECENT_MESSAGES);
  const latest = shown[0];

  if (count === 0 || !latest) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-200 px-3 py-2 text-sm text-slate-500">
        <MessageSquare aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {t('app.card.noMessages')}
      </p>
    );
  }

  return (
    <div className="rounded-lg border border-slate-200" data-testid="card-recent-messages">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none',
            open && 'rotate-90',
          )}
        />
        <span>{t('app.card.recentCount', { count })}</span>
        <span className="ml-auto shrink-0 text-xs font-normal text-slate-500">
          <span className="sr-only">{`, ${t('app.card.newest')} `}</span>
          {formatAge(t, latest.receivedAt, now)}
        </span>
      </button>
      {open && (
        <div id={panelId}>
          <ul
            className="divide-y divide-slate-100 border-t border-slate-200"
            aria-label={t('app.card.recentMessagesOf', { number: formatted })}
          >
            {shown.map((m) => (
              <li key={m.id} className="space-y-1 px-3 py-2.5" data-testid="card-message">
                <div className="flex items-center gap-2">
                  <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
                    <span className="min-w-0 truncate text-sm font-medium text-slate-900">
                      {formatPhone(m.sender)}
                    </span>
                    <time
                      dateTime={m.receivedAt}
                      title={formatFullTime(m.receivedAt)}
                      className="text-xs whitespace-nowrap text-slate-500"
                    >
                      {formatAge(t, m.receivedAt, now)}
                    </time>
                  </div>
                  {m.code && (
                    <CodeWithCopy
                      code={m.code}
                      context={t('app.card.fromSender', { sender: formatPhone(m.sender) })}
                      size="sm"
                    />
                  )}
                </div>
                <MessageText content={m.content} code={m.code} className="line-clamp-3" />
              </li>
            ))}
          </ul>
          {count > shown.length && (
            <Link
              to={`/dashboard/history?number=${encodeURIComponent(number.id)}`}
              className="block rounded-b-lg border-t border-slate-200 px-3 py-2 text-center text-xs font-medium text-brand-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
            >
              {t('app.card.viewAll', { count })}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
