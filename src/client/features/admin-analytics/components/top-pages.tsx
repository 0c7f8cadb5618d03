import { FileText } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'Top Pages': the 10 most viewed paths with their view counts, and a bar for the share. */
export function TopPages({ query }: { query: UseQueryResult<AnalyticsSummary> }) {
  const t = useT();
  return (
    <Panel title={t('admin.analytics.topPages')} icon={FileText} busy={query.isPlaceholderData}>
      <PanelBody
        query={query}
        kind="list"
        loading={t('admin.analytics.topPagesLoading')}
        failed={t('admin.analytics.topPagesFailed')}
      >
        {(d) => {
          if (d.topPages.length === 0) {
            return (
              <PanelEmpty icon={FileText}>
                {d.totals.events === 0
                  ? t('admin.analytics.noEvents')
                  : t('admin.analytics.noPageViews')}
              </PanelEmpty>
            );
          }
          const most = Math.max(...d.topPages.map((p) => p.count), 1);
          return (
            <ol className="space-y-3">
              {d.topPages.map((p) => (
                <li key={p.path} data-testid="top-page">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate font-mono text-slate-800" title={p.path}>
                      {p.path}
                    </span>
                    <span className="shrink-0 text-slate-600 tabular-nums">
                      {formatCount(p.count)}
                      <span className="sr-only">
                        {' '}
                        {t('admin.analytics.views', { count: p.count })}
                      </span>
                    </span>
                  </div>
                  <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-100">
                    <div
                      className="h-full rounded-full bg-accent-600"
                      style={{ width: `${Math.max(2, (p.count / most) * 100)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          );
        }}
      </PanelBody>
    </Panel>
  );
}
