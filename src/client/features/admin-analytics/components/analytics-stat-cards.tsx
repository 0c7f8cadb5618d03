import { Activity, Clock, Eye, Users, type LucideIcon } from 'lucide-react';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { formatSessionLength } from '../filters.ts';

/** Total Events, Unique Users, Page Views, Avg. Session; placeholders until the first answer. */
export function AnalyticsStatCards({ totals }: { totals: AnalyticsSummary['totals'] | undefined }) {
  const t = useT();
  const cards: {
    /** Names the card for tests, whatever the language. */
    id: string;
    title: MessageId;
    value: string | undefined;
    icon: LucideIcon;
    tone: string;
  }[] = [
    {
      id: 'Total Events',
      title: 'admin.analytics.totalEvents',
      value: totals && formatCount(totals.events),
      icon: Activity,
      tone: 'bg-brand-50 text-brand-800',
    },
    {
      id: 'Unique Users',
      title: 'admin.analytics.uniqueUsers',
      value: totals && formatCount(totals.uniqueUsers),
      icon: Users,
      tone: 'bg-accent-50 text-accent-700',
    },
    {
      id: 'Page Views',
      title: 'admin.analytics.pageViews',
      value: totals && formatCount(totals.pageViews),
      icon: Eye,
      tone: 'bg-violet-50 text-violet-700',
    },
    {
      id: 'Avg. Session',
      title: 'admin.analytics.avgSession',
      value: totals && formatSessionLength(t, totals.avgSessionSeconds),
      icon: Clock,
      tone: 'bg-amber-50 text-amber-800',
    },
  ];
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      aria-label={t('admin.analytics.totals')}
    >
      {cards.map(({ id, title, value, icon: Icon, tone }) => (
        <li key={id}>
          <Card className="flex h-full items-start gap-3 p-4 sm:p-5">
            <div className="min-w-0 flex-1">
              <h2 className="text-sm font-medium text-slate-600">{t(title)}</h2>
              {value === undefined ? (
                <Skeleton className="mt-2 h-8 w-20" />
              ) : (
                <p
                  className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
                  data-testid={`stat-${id}`}
                >
                  {value}
                </p>
              )}
            </div>
            <span
              className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:inline-flex ${tone}`}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
