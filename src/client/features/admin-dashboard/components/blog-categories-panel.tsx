import { PieChart } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardBlog } from '../../../../shared/admin.ts';
import { DoughnutChart } from '../../../components/charts/doughnut-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';

/** 'Blog Categories': published posts per category, in the six-colour palette. */
export function BlogCategoriesPanel({
  query,
  className,
}: {
  query: UseQueryResult<AdminDashboardBlog>;
  className?: string;
}) {
  return (
    <Panel title="Blog Categories" icon={PieChart} {...(className ? { className } : {})}>
      <PanelBody
        query={query}
        kind="chart"
        loading="Loading blog categories"
        failed="Blog categories could not be loaded."
      >
        {(d) =>
          d.topCategories.length > 0 ? (
            <DoughnutChart
              what="Blog Categories"
              labelHeader="Category"
              valueHeader="Published posts"
              points={d.topCategories.map((c) => ({ label: c.category, value: c.count }))}
            />
          ) : (
            <PanelEmpty icon={PieChart}>No published posts yet.</PanelEmpty>
          )
        }
      </PanelBody>
    </Panel>
  );
}
