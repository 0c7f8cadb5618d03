import { Eye, FileText, Heart } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardBlog } from '../../../../shared/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { blogCategoryLabel } from '../../../lib/blog-categories.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'Popular Blog Posts': the 5 most viewed published posts with their figures. */
export function PopularPosts({
  query,
  className,
}: {
  query: UseQueryResult<AdminDashboardBlog>;
  className?: string;
}) {
  const t = useT();
  return (
    <Panel
      title={t('admin.dashboard.popularPosts')}
      icon={FileText}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="list"
        loading={t('admin.dashboard.popularPostsLoading')}
        failed={t('admin.dashboard.popularPostsFailed')}
      >
        {(d) =>
          d.popularPosts.length === 0 ? (
            <PanelEmpty icon={FileText}>{t('admin.dashboard.noPublishedPosts')}</PanelEmpty>
          ) : (
            <ol className="-my-2 divide-y divide-slate-100">
              {d.popularPosts.map((post, i) => (
                <li
                  key={post.id}
                  className="flex items-center gap-3 py-3"
                  data-testid="popular-post"
                >
                  <span
                    aria-hidden="true"
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800"
                  >
                    {i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <a
                      href={`/blog/${encodeURIComponent(post.slug)}`}
                      className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                    >
                      {post.title}
                    </a>
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                      <Badge tone="blue">{blogCategoryLabel(t, post.category)}</Badge>
                      <span>{post.readTime}</span>
                    </p>
                  </div>
                  <dl className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-600 sm:flex-row sm:gap-4">
                    <div className="flex items-center gap-1" title={t('admin.dashboard.views')}>
                      <dt>
                        <Eye aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">{t('admin.dashboard.views')}</span>
                      </dt>
                      <dd className="tabular-nums" data-testid="post-views">
                        {formatCount(post.viewCount)}
                      </dd>
                    </div>
                    <div className="flex items-center gap-1" title={t('admin.dashboard.likes')}>
                      <dt>
                        <Heart aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">{t('admin.dashboard.likes')}</span>
                      </dt>
                      <dd className="tabular-nums" data-testid="post-likes">
                        {formatCount(post.likeCount)}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
          )
        }
      </PanelBody>
    </Panel>
  );
}
