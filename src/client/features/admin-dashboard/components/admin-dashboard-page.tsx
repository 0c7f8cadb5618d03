import type { ReactNode } from 'react';
import { FileText, MessageSquareText, Phone, Users, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { formatClockTime } from '../../../lib/format-time.ts';
import { useTrackEvent } from '../../../lib/use-track-event.ts';
import { useAdminDashboard } from '../api/get-dashboard.ts';
import { useAdminStats } from '../api/get-stats.ts';
import { BlogCategoriesPanel } from './blog-categories-panel.tsx';
import { DashboardCharts } from './dashboard-charts.tsx';
import { PopularPosts } from './popular-posts.tsx';
import { RecentActivity } from './recent-activity.tsx';

/**
 * /admin: the platform's figures in four stat cards, then the 30-day charts, blog categories,
 * popular posts and recent activity (one request, GET /v1/admin/dashboard; each section shows
 * its own loading, empty and error state).
 */
export function AdminDashboardPage() {
  useTrackEvent('admin_dashboard_viewed');
  const stats = useAdminStats();
  const dashboard = useAdminDashboard();
  const s = stats.data;
  const updatedAt = latestOf(s?.generatedAt, dashboard.data?.generatedAt);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Admin Dashboard
          </h1>
          <p className="mt-1 text-sm text-slate-600">Overview of your VOIP Manager platform</p>
        </div>
        {updatedAt && (
          <p className="text-sm text-slate-500">
            Last updated <time dateTime={updatedAt}>{formatClockTime(new Date(updatedAt))}</time>
          </p>
        )}
      </div>

      {stats.isPending ? (
        <div className="flex justify-center py-16 text-brand-900">
          <Spinner size="lg" label="Loading statistics" />
        </div>
      ) : !s ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={stats.error}
            fallback="The statistics could not be loaded."
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Platform statistics">
          <StatCard
            icon={Users}
            title="Total Users"
            value={s.totalUsers}
            note={`+${formatCount(s.recentSignups)} this week`}
            tone="bg-brand-50 text-brand-800"
          />
          <StatCard
            icon={Phone}
            title="VOIP Numbers"
            value={s.totalNumbers}
            note={`Active users: ${formatCount(s.activeUsers)}`}
            tone="bg-accent-50 text-accent-700"
          />
          <StatCard
            icon={MessageSquareText}
            title="Total Messages"
            value={s.totalMessages}
            note={
              <>
                Processed today:{' '}
                <span className="font-semibold text-slate-900">{formatCount(s.messagesToday)}</span>
              </>
            }
            tone="bg-violet-50 text-violet-700"
          />
          <StatCard
            icon={FileText}
            title="Blog Posts"
            value={s.totalBlogPosts}
            note="Published articles"
            tone="bg-amber-50 text-amber-800"
          />
        </ul>
      )}

      <DashboardCharts query={dashboard} />
      <div className="grid gap-4 lg:grid-cols-5">
        <BlogCategoriesPanel query={dashboard} className="lg:col-span-2" />
        <PopularPosts query={dashboard} className="lg:col-span-3" />
      </div>
      <RecentActivity query={dashboard} />
    </div>
  );
}

/** The later of two ISO times (either may be missing). */
function latestOf(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a ?? b;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

function StatCard({
  icon: Icon,
  title,
  value,
  note,
  tone,
}: {
  icon: LucideIcon;
  title: string;
  value: number;
  note: ReactNode;
  tone: string;
}) {
  return (
    <li>
      <Card className="flex h-full items-start gap-4 p-5">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-medium text-slate-600">{title}</h2>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
            {formatCount(value)}
          </p>
          <p className="mt-1 text-sm text-slate-600">{note}</p>
        </div>
        <span
          className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${tone}`}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </Card>
    </li>
  );
}
