import { X } from 'lucide-react';
import type { AnalyticsEventType, AnalyticsRange } from '../../../../shared/analytics.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { eventTypeLabel } from '../../../lib/event-types.ts';
import { useT } from '../../../lib/i18n.tsx';
import { EVENT_TYPES, RANGE_LABELS, RANGES } from '../filters.ts';

/** Date Range and Event Type selects and Clear Filters (back to 7 days and every type). */
export function AnalyticsFiltersBar({
  range,
  type,
  onRange,
  onType,
  onClear,
  canClear,
}: {
  range: AnalyticsRange;
  type: AnalyticsEventType | undefined;
  onRange: (r: AnalyticsRange) => void;
  onType: (t: AnalyticsEventType | undefined) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const t = useT();
  return (
    <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end sm:p-4">
      <div className="sm:w-48">
        <label htmlFor="an-range" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('admin.analytics.range')}
        </label>
        <Select
          id="an-range"
          value={range}
          onChange={(e) => onRange(e.target.value as AnalyticsRange)}
        >
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {t(RANGE_LABELS[r])}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 sm:w-64">
        <label htmlFor="an-type" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('admin.analytics.eventType')}
        </label>
        <Select
          id="an-type"
          value={type ?? ''}
          onChange={(e) => onType((e.target.value || undefined) as AnalyticsEventType | undefined)}
        >
          <option value="">{t('admin.analytics.allEvents')}</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabel(t, type)}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="secondary" onClick={onClear} disabled={!canClear}>
        <X aria-hidden="true" className="size-4" />
        {t('admin.analytics.clearFilters')}
      </Button>
    </Card>
  );
}
