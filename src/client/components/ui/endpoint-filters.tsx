import type { MessageId } from '../../../shared/i18n/namespaces.ts';
import { useT } from '../../lib/i18n.tsx';
import { useTagList } from '../../lib/tags.ts';
import { errorText } from '../../lib/error-text.ts';
import { Checkbox } from './checkbox.tsx';
import { NumberPicker } from './number-picker.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';

/*
 * The number and tag filters of an endpoint (a webhook or a notification channel): which of the
 * user's numbers its events are about. Controlled: the form keeps the state and the errors.
 */

/** The error when 'Only these numbers' has none picked (the filters translate it). */
export const PICK_A_NUMBER: MessageId = 'common.filters.pickANumber';

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
  /** What the filter is of ('Numbers this webhook is for'). */
  noun: 'webhook' | 'channel';
  /** Only some numbers (else all). */
  some: boolean;
  onSomeChange: (some: boolean) => void;
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** The error under the filter (none picked, or the server's). */
  error: string | undefined;
}) {
  const t = useT();
  const errorId = `${idPrefix}-numbers-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('common.filters.numbers')}
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={`${idPrefix}-numbers`}
            checked={!some}
            onChange={() => onSomeChange(false)}
            className={radioClass}
          />
          {t('common.filters.allNumbers')}
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={`${idPrefix}-numbers`}
            checked={some}
            onChange={() => onSomeChange(true)}
            className={radioClass}
          />
          {t('common.filters.onlyThese')}
        </label>
      </div>
      {some && (
        <NumberPicker
          mode="multiple"
          label={t('common.filters.numbersFor', { noun })}
          selected={selected}
          onChange={(next) => onChange(next)}
          errorId={errorId}
          invalid={!!error}
          emptyHint={t('common.filters.addNumbersFirst', { noun })}
        />
      )}
      <p id={errorId} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {errorText(t, error)}
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
  const t = useT();
  const tags = useTagList();
  const errorId = `${idPrefix}-tags-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('common.filters.tags')}
      </legend>
      <p className="text-xs text-slate-600">{t('common.filters.tagsHint')}</p>
      {tags.isPending ? (
        <div className="flex flex-wrap gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.filters.loadingTags')}
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-6 w-20" />
          ))}
        </div>
      ) : tags.isError ? (
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={tags.error}
            fallback={t('common.filters.tagsFailed')}
            onRetry={() => void tags.refetch()}
            retrying={tags.isFetching}
          />
        </div>
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('common.filters.noTags')}</p>
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {tags.data.map((tag) => (
            <label key={tag.id} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                checked={selected.includes(tag.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...selected, tag.id] : selected.filter((x) => x !== tag.id),
                  )
                }
              />
              <span className="break-all text-slate-800">{tag.name}</span>
            </label>
          ))}
        </div>
      )}
      <p id={errorId} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {errorText(t, error)}
      </p>
    </fieldset>
  );
}
