import { Activity, Clock, Eye, Users, type LucideIcon } from 'lucide-react';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../lib/format.ts';
import { formatSessionLength } from '../filters.ts';

/** Total Events, Unique Users, Page Views, Avg. Session; placeholders until the first answer. */
export function AnalyticsStatCards({ totals }: { totals: AnalyticsSummary['totals'] | undefined }) {
  const cards: { title: string; value: string | undefined; icon: LucideIcon; tone: string }[] = [
    {
      title: 'Total Events',
      value: totals && formatCount(totals.events),
      icon: Activity,
      tone: 'bg-brand-50 text-brand-800',
    },
    {
      title: 'Unique Users',
      value: totals && formatCount(totals.uniqueUsers),
      icon: Users,
      tone: 'bg-accent-50 text-accent-700',
    },
    {
      title: 'Page Views',
      value: totals && formatCount(totals.pageViews),
      icon: Eye,
      tone: 'bg-violet-50 text-violet-700',
    },
    {
      title: 'Avg. Session',
      value: totals && formatSessionLength(totals.avgSessionSeconds),
      icon: Clock,
      tone: 'bg-amber-50 text-amber-800',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-label="Analytics totals">
      {cards.map(({ title, value, icon: Icon, tone }) => (
        <li key={title}>
          <Card className="flex h-full items-start gap-3 p-4 sm:p-5">
            <div className="min-w-0 flex-1">
              <h2 className="text-sm font-medium text-slate-600">{title}</h2>
              {value === undefined ? (
                <Skeleton className="mt-2 h-8 w-20" />
              ) : (
                <p
                  className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
                  data-testid={`stat-${title}`}
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
