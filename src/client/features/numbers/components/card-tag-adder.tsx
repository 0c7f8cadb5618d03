import { useState } from 'react';
import { Plus } from 'lucide-react';
import { MAX_TAGS_PER_NUMBER } from '../../../../shared/numbers.ts';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useUpdateNumber } from '../api/update-number.ts';
import { NO_TAGS, TagPicker } from './tag-picker.tsx';

/** 'Add Tag' on a card without tags: opens the tag picker and saves the choice at once. */
export function CardTagAdder({ numberId, label }: { numberId: string; label: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const update = useUpdateNumber();

  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded-full border border-dashed border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        aria-label={t('app.card.addTagTo', { number: label })}
      >
        <Plus aria-hidden="true" className="size-3" />
        {t('app.card.addTag')}
      </button>
    );

  return (
    <div
      className="w-full"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <label htmlFor={`add-tag-${numberId}`} className="sr-only">
        {t('app.card.addTagLabel', { number: label })}
      </label>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TagPicker
            inputId={`add-tag-${numberId}`}
            value={NO_TAGS}
            max={MAX_TAGS_PER_NUMBER}
            autoFocus
            inlineList
            disabled={update.isPending}
            onChange={(pick) =>
              update.mutate(
                { id: numberId, body: { tagIds: pick.ids, tagNames: pick.names } },
                {
                  onSuccess: () => setOpen(false),
                  onError: (err) => toast.error(errorMessage(err, t('app.card.addTagsFailed'))),
                },
              )
            }
          />
        </div>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="h-10 rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        >
          {t('app.action.cancel')}
        </button>
      </div>
    </div>
  );
}
