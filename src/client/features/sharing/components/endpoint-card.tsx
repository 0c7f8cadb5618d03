import { memo } from 'react';
import type { Endpoint } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { ShareCard } from './share-card.tsx';

type Props = {
  endpoint: Endpoint;
  now: Date;
  selectMode: boolean;
  selected: boolean;
  onSelectedChange: (id: string, on: boolean) => void;
  onEdit: (endpoint: Endpoint) => void;
};

/** One single endpoint: its card with the number and the remark; in select mode, a checkbox. */
export const EndpointCard = memo(function EndpointCard({
  endpoint: e,
  now,
  selectMode,
  selected,
  onSelectedChange,
  onEdit,
}: Props) {
  const t = useT();
  return (
    <ShareCard
      kind="single"
      item={e}
      now={now}
      onEdit={() => onEdit(e)}
      selection={selectMode ? { selected, onSelectedChange } : undefined}
      meta={(active) => (
        <>
          <span className="text-sm font-medium text-slate-800 tabular-nums">
            {formatPhone(e.phoneNumber)}
          </span>
          <Badge tone={active ? 'green' : 'grey'}>
            {active ? t('settings.labels.active') : t('settings.labels.inactive')}
          </Badge>
          <Badge tone="blue" className="max-w-48">
            <span className="sr-only">{t('settings.endpoints.remarkPrefix')} </span>
            <span className="min-w-0 truncate" title={e.remark}>
              {e.remark}
            </span>
          </Badge>
        </>
      )}
    />
  );
});
