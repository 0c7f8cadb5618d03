import type { ReactNode } from 'react';
import { FileText, MessageSquareText, Phone, Users, type LucideIcon } from 'lucide-react';
import type { AdminPermissions } from '../../../../shared/admin-access.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { formatClockTime } from '../../../lib/format-time.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';
import { useTrackEvent } from '../../../lib/use-track-event.ts';
import { useDashboardActivity, useDashboardBlog, useDashboardUsers } from '../api/get-dashboard.ts';
import { BlogCategoriesPanel } from './blog-categories-panel.tsx';
import { DashboardCharts } from './dashboard-charts.tsx';
import { PopularPosts } from './popular-posts.tsx';
import { RecentActivity } from './recent-activity.tsx';

/**
 * /admin: the platform's figures in stat cards, then the 30-day charts, blog categories, popular
 * posts and recent activity. Each section is asked for and shown only when the admin has the
 * permission of its data (users: the user, number and message cards and charts; blog: the Blog
 * Posts card, categories and popular posts; analytics: recent activity); each shows its own
 * loading, empty and error state.
 */
export function AdminDashboardPage() {
  const t = useT();
  useTrackEvent('admin_dashboard_viewed');
  // The session's effective permissions (a super admin has them all); the admin layout renders
  // this page only once they are known.
  const permissions = useMe().data?.admin?.permissions ?? NO_PERMISSIONS;
  const users = useDashboardUsers(permissions.users);
  const blog = useDashboardBlog(permissions.blog);
  const activity = useDashboardActivity(permissions.analytics);
  const updatedAt = [users.data, blog.data, activity.data].reduce<string | undefined>(
    (latest, d) => latestOf(latest, d?.generatedAt),
    undefined,
  );
  // The stat cards wait for every section they show.
  const cardQueries = [...(permissions.users ? [users] : []), ...(permissions.blog ? [blog] : [])];
  const failed = cardQueries.find((q) => q.isError);
  const u = users.data;
  const b = blog.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('admin.dashboard.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('admin.dashboard.subtitle')}</p>
        </div>
        {updatedAt && (
          <p className="text-sm text-slate-500">
            <T
              id="admin.dashboard.lastUpdated"
              values={{ time: formatClockTime(new Date(updatedAt)) }}
              components={{ 0: <time dateTime={updatedAt} /> }}
            />
          </p>
        )}
      </div>

      {cardQueries.length === 0 ? null : failed ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={failed.error}
            fallback={t('admin.dashboard.statsFailed')}
            onRetry={() => {
              for (const q of cardQueries) if (q.isError) void q.refetch();
            }}
            retrying={cardQueries.some((q) => q.isFetching)}
          />
        </Card>
      ) : cardQueries.some((q) => q.isPending) ? (
        <div className="flex justify-center py-16 text-brand-900">
          <Spinner size="lg" label={t('admin.dashboard.statsLoading')} />
        </div>
      ) : (
        <ul
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          aria-label={t('admin.dashboard.stats')}
        >
          {u && (
            <>
              <StatCard
                icon={Users}
                name="admin.dashboard.totalUsers"
                value={u.totalUsers}
                note={t('admin.dashboard.signupsThisWeek', { count: u.recentSignups })}
                tone="bg-brand-50 text-brand-800"
              />
              <StatCard
                icon={Phone}
                name="admin.dashboard.voipNumbers"
                value={u.totalNumbers}
                note={t('admin.dashboard.activeUsers', { count: u.activeUsers })}
                tone="bg-accent-50 text-accent-700"
              />
              <StatCard
                icon={MessageSquareText}
                name="admin.dashboard.totalMessages"
                value={u.totalMessages}
                note={
                  <T
                    id="admin.dashboard.processedToday"
                    values={{ count: u.messagesToday }}
                    components={{ 0: <span className="font-semibold text-slate-900" /> }}
                  />
                }
                tone="bg-violet-50 text-violet-700"
              />
            </>
          )}
          {b && (
            <StatCard
              icon={FileText}
              name="admin.dashboard.blogPosts"
              value={b.totalBlogPosts}
              note={t('admin.dashboard.publishedArticles')}
              tone="bg-amber-50 text-amber-800"
            />
          )}
        </ul>
      )}

      {permissions.users && <DashboardCharts query={users} />}
      {permissions.blog && (
        <div className="grid gap-4 lg:grid-cols-5">
          <BlogCategoriesPanel query={blog} className="lg:col-span-2" />
          <PopularPosts query={blog} className="lg:col-span-3" />
        </div>
      )}
      {permissions.analytics && <RecentActivity query={activity} />}
      {!permissions.users && !permissions.blog && !permissions.analytics && (
        <Card className="px-6 py-12 text-center text-sm text-slate-600">
          {t('admin.dashboard.noFigures')}
        </Card>
      )}
    </div>
  );
}

const NO_PERMISSIONS: AdminPermissions = {
  blog: false,
  users: false,
  analytics: false,
  settings: false,
};

/** The later of two ISO times (either may be missing). */
function latestOf(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a ?? b;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

function StatCard({
  icon: Icon,
  name,
  value,
  note,
  tone,
}: {
  icon: LucideIcon;
  /** The card's heading. */
  name: MessageId;
  value: number;
  note: ReactNode;
  tone: string;
}) {
  const t = useT();
  return (
    <li>
      <Card className="flex h-full items-start gap-4 p-5">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-medium text-slate-600">{t(name)}</h2>
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
