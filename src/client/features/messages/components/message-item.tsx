import type { Message } from '../../../../shared/messages.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { CodeWithCopy, MessageText } from '../../../components/ui/message-text.tsx';
import { formatAge, formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';

/** One message: From, To (the number it arrived on), time, the text and the code with Copy Code. */
export function MessageItem({ message: m, now }: { message: Message; now: Date }) {
  const t = useT();
  return (
    <li data-testid="message-item" data-message-id={m.id} className="px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <dl className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-0.5 text-sm">
          <div className="flex min-w-0 items-baseline gap-1.5">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('app.messages.from')}
            </dt>
            <dd
              className="min-w-0 truncate font-semibold text-slate-900"
              data-testid="message-from"
            >
              {formatPhone(m.sender)}
            </dd>
          </div>
          <div className="flex items-baseline gap-1.5">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('app.messages.to')}
            </dt>
            <dd className="font-medium text-slate-800 tabular-nums" data-testid="message-to">
              {formatPhone(m.phoneNumber)}
            </dd>
          </div>
        </dl>
        <time
          dateTime={m.receivedAt}
          title={formatFullTime(m.receivedAt)}
          className="ml-auto shrink-0 text-xs whitespace-nowrap text-slate-500"
        >
          {formatMessageTime(m.receivedAt, now)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatAge(t, m.receivedAt, now)}
        </time>
      </div>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <MessageText content={m.content} code={m.code} className="min-w-0 flex-1" />
        {m.code && (
          <div className="shrink-0">
            <CodeWithCopy
              code={m.code}
              context={t('app.card.fromSender', { sender: formatPhone(m.sender) })}
            />
          </div>
        )}
      </div>
    </li>
  );
}
