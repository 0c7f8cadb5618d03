import { Download, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { useT } from '../../../lib/i18n.tsx';

/** Refresh (reload the figures) and Export Data (the CSV of the same filters, streamed). */
export function AnalyticsActions({
  onRefresh,
  refreshing,
  exportHref,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  exportHref: string;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onRefresh} loading={refreshing}>
        {!refreshing && <RefreshCw aria-hidden="true" className="size-4" />}
        {t('admin.analytics.refresh')}
      </Button>
      <a href={exportHref} download className={buttonClass('primary')}>
        <Download aria-hidden="true" className="size-4" />
        {t('admin.analytics.export')}
      </a>
    </div>
  );
}
