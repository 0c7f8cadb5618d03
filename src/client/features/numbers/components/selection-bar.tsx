import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { useT } from '../../../lib/i18n.tsx';

type Props = {
  selected: number;
  loaded: number;
  onSelectAll: (all: boolean) => void;
  onDelete: () => void;
  onCancel: () => void;
};

/** Select mode toolbar: select-all (loaded numbers), 'n selected', Delete Selected, Cancel. */
export function SelectionBar({ selected, loaded, onSelectAll, onDelete, onCancel }: Props) {
  const t = useT();
  const all = loaded > 0 && selected >= loaded;
  return (
    <div
      role="toolbar"
      aria-label={t('app.selection.label')}
      className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50/95 px-4 py-3 backdrop-blur"
    >
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox
          checked={all}
          indeterminate={selected > 0 && !all}
          onChange={(e) => onSelectAll(e.target.checked)}
          className="size-5"
        />
        {t('app.selection.selectAll')}
      </label>
      <span className="text-sm text-slate-700" aria-live="polite" data-testid="selected-count">
        {t('app.selection.count', { count: selected })}
      </span>
      <div className="ml-auto flex gap-2">
        <Button variant="danger" size="sm" disabled={selected === 0} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('app.selection.delete')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('app.action.cancel')}
        </Button>
      </div>
    </div>
  );
}
