import type { Page } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { ShareCard } from './share-card.tsx';

/** One public page: its card with the number count, and its numbers (the first 3 and '+N more'). */
export function PageCard({ page, now, onEdit }: { page: Page; now: Date; onEdit: () => void }) {
  const t = useT();
  const more = page.numberCount - page.firstNumbers.length;
  return (
    <ShareCard
      kind="page"
      item={page}
      now={now}
      onEdit={onEdit}
      meta={(active) => (
        <>
          <Badge tone={active ? 'green' : 'grey'}>
            {active ? t('settings.labels.active') : t('settings.labels.inactive')}
          </Badge>
          <span className="text-xs text-slate-600">
            {t('settings.pages.numberCount', { count: page.numberCount })}
          </span>
        </>
      )}
    >
      <p className="text-sm text-slate-700 tabular-nums" data-testid="page-numbers">
        {page.numberCount === 0
          ? t('settings.pages.numbersDeleted')
          : page.firstNumbers.map(formatPhone).join(', ')}
        {more > 0 && (
          <span className="text-slate-500"> {t('settings.pages.more', { count: more })}</span>
        )}
      </p>
    </ShareCard>
  );
}
