import { useId, useState } from 'react';
import { Table2 } from 'lucide-react';
import { useLocale, useT } from '../../lib/i18n.tsx';
import type { ChartPoint } from './summary.ts';

/**
 * A chart's text alternative: its data as a table. Hidden visually (screen readers still read it)
 * until 'Show data' opens it for everyone.
 */
export function ChartDataTable({
  caption,
  labelHeader,
  valueHeader,
  points,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  points: ChartPoint[];
}) {
  const t = useT();
  const { tag } = useLocale();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-md text-xs font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        <Table2 aria-hidden="true" className="size-3.5" />
        {open ? t('admin.charts.hideData') : t('admin.charts.showData')}
      </button>
      <div
        id={id}
        className={
          open ? 'mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200' : 'sr-only'
        }
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {labelHeader}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((p, i) => (
              <tr key={`${i}-${p.label}`}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {p.label}
                </th>
                <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                  {p.value.toLocaleString(tag)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
