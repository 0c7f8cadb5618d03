import { AlertTriangle, Ban, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import { STATUS_LABELS, type RowStatus } from '../types.ts';

const styles: Record<RowStatus, string> = {
  checking: 'bg-brand-50 text-brand-800 ring-brand-700/20',
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  'expiring-soon': 'bg-orange-50 text-orange-700 ring-orange-600/25',
  expired: 'bg-red-50 text-red-700 ring-red-600/20',
  error: 'bg-slate-100 text-slate-700 ring-red-600/25',
  skipped: 'bg-white text-slate-500 ring-slate-400/40',
};

const icons = {
  active: CheckCircle2,
  'expiring-soon': Clock,
  expired: XCircle,
  error: AlertTriangle,
  skipped: Ban,
};

/** Status of one checked number: checking (spinner), active, expiring soon, expired, error. */
export function StatusBadge({ status }: { status: RowStatus }) {
  const t = useT();
  const Icon = status === 'checking' ? null : icons[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        styles[status],
      )}
    >
      {Icon ? (
        <Icon aria-hidden="true" className="size-3.5" />
      ) : (
        <Spinner size="sm" label={null} className="[&>span]:size-3" />
      )}
      {t(STATUS_LABELS[status])}
    </span>
  );
}
