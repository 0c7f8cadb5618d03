import { X } from 'lucide-react';
import type { AnalyticsEventType, AnalyticsRange } from '../../../../shared/analytics.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { EVENT_TYPE_OPTIONS, RANGE_LABELS, RANGES } from '../filters.ts';

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
  return (
    <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end sm:p-4">
      <div className="sm:w-48">
        <label htmlFor="an-range" className="mb-1.5 block text-sm font-medium text-slate-800">
          Date Range
        </label>
        <Select
          id="an-range"
          value={range}
          onChange={(e) => onRange(e.target.value as AnalyticsRange)}
        >
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {RANGE_LABELS[r]}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 sm:w-64">
        <label htmlFor="an-type" className="mb-1.5 block text-sm font-medium text-slate-800">
          Event Type
        </label>
        <Select
          id="an-type"
          value={type ?? ''}
          onChange={(e) => onType((e.target.value || undefined) as AnalyticsEventType | undefined)}
        >
          <option value="">All Events</option>
          {EVENT_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="secondary" onClick={onClear} disabled={!canClear}>
        <X aria-hidden="true" className="size-4" />
        Clear Filters
      </Button>
    </Card>
  );
}
