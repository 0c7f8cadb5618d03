import { Download, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';

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
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onRefresh} loading={refreshing}>
        {!refreshing && <RefreshCw aria-hidden="true" className="size-4" />}
        Refresh
      </Button>
      <a href={exportHref} download className={buttonClass('primary')}>
        <Download aria-hidden="true" className="size-4" />
        Export Data
      </a>
    </div>
  );
}
