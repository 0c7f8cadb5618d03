import { PieChart } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardBlog } from '../../../../shared/admin.ts';
import { DoughnutChart } from '../../../components/charts/doughnut-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { blogCategoryLabel } from '../../../lib/blog-categories.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'Blog Categories': published posts per category, in the six-colour palette. */
export function BlogCategoriesPanel({
  query,
  className,
}: {
  query: UseQueryResult<AdminDashboardBlog>;
  className?: string;
}) {
  const t = useT();
  return (
    <Panel
      title={t('admin.dashboard.blogCategories')}
      icon={PieChart}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="chart"
        loading={t('admin.dashboard.blogCategoriesLoading')}
        failed={t('admin.dashboard.blogCategoriesFailed')}
      >
        {(d) =>
          d.topCategories.length > 0 ? (
            <DoughnutChart
              what={t('admin.dashboard.blogCategories')}
              labelHeader={t('admin.dashboard.category')}
              valueHeader={t('admin.dashboard.publishedPosts')}
              points={d.topCategories.map((c) => ({
                label: blogCategoryLabel(t, c.category),
                value: c.count,
              }))}
            />
          ) : (
            <PanelEmpty icon={PieChart}>{t('admin.dashboard.noPublishedPosts')}</PanelEmpty>
          )
        }
      </PanelBody>
    </Panel>
  );
}
