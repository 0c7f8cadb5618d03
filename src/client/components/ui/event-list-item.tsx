import type { ReactNode } from 'react';
import { eventPath, eventUser } from '../../lib/event-format.ts';
import { eventTypeLabel } from '../../lib/event-types.ts';
import { formatFullTime } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { useLocale, useT } from '../../lib/i18n.tsx';

/**
 * One analytics event in a list (the dashboard's Recent Activity, the analytics page's Recent
 * Events): its type in words, who ('User 1a2b3c4d' or 'Anonymous'), the page's path, and `when`
 * (each list formats the time its own way; the full time is the tooltip).
 */
export function EventListItem({
  event: e,
  when,
  dotClassName,
  testId,
}: {
  event: { type: string; userId: string | null; pageUrl: string | null; createdAt: string };
  when: ReactNode;
  dotClassName: string;
  testId: string;
}) {
  const t = useT();
  const { tag } = useLocale();
  const path = eventPath(e.pageUrl);
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid={testId}>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', dotClassName)}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{eventTypeLabel(t, e.type)}</p>
        <p className="mt-0.5 flex min-w-0 flex-wrap gap-x-2 text-xs text-slate-500">
          <span>{eventUser(t, e.userId)}</span>
          {path && <span className="min-w-0 truncate font-mono text-slate-600">{path}</span>}
        </p>
      </div>
      <time
        dateTime={e.createdAt}
        title={formatFullTime(e.createdAt, tag)}
        className="shrink-0 text-xs whitespace-nowrap text-slate-500"
      >
        {when}
      </time>
    </li>
  );
}
