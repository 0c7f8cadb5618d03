import { useTagList } from '../../lib/tags.ts';
import { Checkbox } from './checkbox.tsx';
import { NumberPicker } from './number-picker.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';

/*
 * The number and tag filters of an endpoint (a webhook or a notification channel): which of the
 * user's numbers its events are about. Controlled: the form keeps the state and the errors.
 */

export const PICK_A_NUMBER = 'Pick at least one number, or choose All numbers.';

const radioClass =
  'size-4 accent-brand-700 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none';

/** 'Numbers': All numbers, or Only these numbers (the shared number picker). */
export function NumberFilter({
  idPrefix,
  noun,
  some,
  onSomeChange,
  selected,
  onChange,
  error,
}: {
  /** Prefix of the element ids, e.g. 'webhook' (`webhook-numbers-error`). */
  idPrefix: string;
  /** What the filter is of, e.g. 'webhook' ('Numbers this webhook is for'). */
  noun: string;
  /** Only some numbers (else all). */
  some: boolean;
  onSomeChange: (some: boolean) => void;
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** The error under the filter (none picked, or the server's). */
  error: string | undefined;
}) {
  const errorId = `${idPrefix}-numbers-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Numbers</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={`${idPrefix}-numbers`}
            checked={!some}
            onChange={() => onSomeChange(false)}
            className={radioClass}
          />
          All numbers
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={`${idPrefix}-numbers`}
            checked={some}
            onChange={() => onSomeChange(true)}
            className={radioClass}
          />
          Only these numbers
        </label>
      </div>
      {some && (
        <NumberPicker
          mode="multiple"
          label={`Numbers this ${noun} is for`}
          selected={selected}
          onChange={(next) => onChange(next)}
          errorId={errorId}
          invalid={!!error}
          emptyHint={`Add numbers first, then pick the ones this ${noun} is for.`}
        />
      )}
      <p id={errorId} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}

/** 'Tags': checkboxes of the user's tags; none checked means any tag. */
export function TagFilter({
  idPrefix,
  selected,
  onChange,
  error,
}: {
  idPrefix: string;
  selected: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}) {
  const tags = useTagList();
  const errorId = `${idPrefix}-tags-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Tags</legend>
      <p className="text-xs text-slate-600">
        Only numbers with one of the checked tags. None checked: any tag.
      </p>
      {tags.isPending ? (
        <div className="flex flex-wrap gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your tags
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-6 w-20" />
          ))}
        </div>
      ) : tags.isError ? (
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={tags.error}
            fallback="Failed to fetch tags"
            onRetry={() => void tags.refetch()}
            retrying={tags.isFetching}
          />
        </div>
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-slate-600">You have no tags yet.</p>
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {tags.data.map((t) => (
            <label key={t.id} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                checked={selected.includes(t.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...selected, t.id] : selected.filter((x) => x !== t.id),
                  )
                }
              />
              <span className="break-all text-slate-800">{t.name}</span>
            </label>
          ))}
        </div>
      )}
      <p id={errorId} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
