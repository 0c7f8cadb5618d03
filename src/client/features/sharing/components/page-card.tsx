import type { Page } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { countOf, formatCount } from '../../../lib/format.ts';
import { ShareCard } from './share-card.tsx';

/** One public page: its card with the number count, and its numbers (the first 3 and '+N more'). */
export function PageCard({ page, now, onEdit }: { page: Page; now: Date; onEdit: () => void }) {
  const more = page.numberCount - page.firstNumbers.length;
  return (
    <ShareCard
      kind="page"
      item={page}
      now={now}
      onEdit={onEdit}
      meta={(active) => (
        <>
          <Badge tone={active ? 'green' : 'grey'}>{active ? 'Active' : 'Inactive'}</Badge>
          <span className="text-xs text-slate-600">{countOf(page.numberCount, 'number')}</span>
        </>
      )}
    >
      <p className="text-sm text-slate-700 tabular-nums" data-testid="page-numbers">
        {page.numberCount === 0
          ? 'Its numbers were deleted: edit the page to add some.'
          : page.firstNumbers.map(formatPhone).join(', ')}
        {more > 0 && <span className="text-slate-500"> +{formatCount(more)} more</span>}
      </p>
    </ShareCard>
  );
}
