import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { GitMerge, Pencil, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  MAX_TAG_NAME_LENGTH,
  renameTagBody,
  type TagListItem,
} from '../../../../shared/numbers.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { T, useT, type Translate } from '../../../lib/i18n.tsx';
import { useTags } from '../api/list-tags.ts';
import { tagKeys } from '../api/keys.ts';
import { useDeleteTag, useMergeTag, useRenameTag } from '../api/manage-tags.ts';
import { TagChip } from './tag-chip.tsx';
import { errorText } from '../../../lib/error-text.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A tag was deleted (no replacement) or merged into `replacement`: a filter by it follows. */
  onTagGone: (id: string, replacement?: string) => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  onCloseAutoFocus: (event: Event) => void;
};

/** What a row is doing: renaming or choosing the tag to merge into (one row at a time). */
type Mode = { id: string; kind: 'rename' | 'merge' } | null;

const deleteQuestion = (t: Translate, tag: TagListItem) =>
  tag.numberCount === 0
    ? t('app.tags.deleteQuestionUnused', { name: tag.name })
    : t('app.tags.deleteQuestion', { name: tag.name, count: tag.numberCount });

const mergeQuestion = (t: Translate, from: TagListItem, into: TagListItem) =>
  from.numberCount === 0
    ? t('app.tags.mergeQuestionUnused', { from: from.name, into: into.name })
    : t('app.tags.mergeQuestion', { from: from.name, into: into.name, count: from.numberCount });

/** 'Manage Tags': the user's tags with their number counts; rename, merge and delete each. */
export function ManageTagsDialog({ open, onOpenChange, onTagGone, onCloseAutoFocus }: Props) {
  const t = useT();
  const tags = useTags();
  const qc = useQueryClient();
  const rename = useRenameTag();
  const merge = useMergeTag();
  const del = useDeleteTag();
  const [mode, setMode] = useState<Mode>(null);
  const [deleting, setDeleting] = useState<TagListItem | null>(null);
  const [merging, setMerging] = useState<{ from: TagListItem; into: TagListItem } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  /** After a delete or merge the tag's row is gone: focus goes to the list (or "No tags yet."). */
  const focusList = (e: Event) => {
    e.preventDefault();
    (listRef.current ?? emptyRef.current)?.focus();
  };
  /** The id of the element to focus once the next render is on screen (a row's button). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const items = tags.data ?? [];
  const closeMode = (focusId?: string) => {
    setMode(null);
    rename.reset();
    if (focusId) focusNext.current = focusId;
  };

  /** The cached list with `change` applied, until the refetch the mutations start answers. */
  const patchList = (change: (items: TagListItem[]) => TagListItem[]) =>
    qc.setQueryData<{ items: TagListItem[] }>(tagKeys.all, (d) => d && { items: change(d.items) });

  const confirmDelete = () => {
    const tag = deleting;
    if (!tag) return;
    del.mutate(tag.id, {
      onSuccess: () => {
        patchList((list) => list.filter((x) => x.id !== tag.id));
        toast.success(t('app.tags.deleted', { name: tag.name }));
        onTagGone(tag.id);
        setDeleting(null);
      },
    });
  };

  const confirmMerge = () => {
    const pair = merging;
    if (!pair) return;
    merge.mutate(
      { id: pair.from.id, intoId: pair.into.id },
      {
        onSuccess: (into) => {
          patchList((list) =>
            list.filter((x) => x.id !== pair.from.id).map((x) => (x.id === into.id ? into : x)),
          );
          toast.success(t('app.tags.merged', { from: pair.from.name, into: pair.into.name }));
          onTagGone(pair.from.id, into.id);
          setMerging(null);
          setMode(null);
        },
      },
    );
  };

  let body: ReactNode;
  if (tags.isPending) {
    body = (
      <div aria-busy="true" className="space-y-3 py-1">
        <span className="sr-only" role="status">
          {t('app.tags.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    );
  } else if (tags.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <RetryAlert
          error={tags.error}
          fallback={t('app.tags.fetchFailed')}
          onRetry={() => void tags.refetch()}
          retrying={tags.isFetching}
        />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div ref={emptyRef} tabIndex={-1} className="py-6 text-center focus:outline-none">
        <p className="font-medium text-slate-900">{t('app.tags.empty')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('app.tags.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={t('app.tags.listLabel')}
        className="-my-2 divide-y divide-slate-100 focus:outline-none"
      >
        {items.map((tag) =>
          mode?.id === tag.id && mode.kind === 'rename' ? (
            <RenameRow
              key={tag.id}
              tag={tag}
              others={items.filter((x) => x.id !== tag.id)}
              pending={rename.isPending}
              error={rename.error}
              onSave={(name) =>
                rename.mutate(
                  { id: tag.id, name },
                  {
                    onSuccess: (saved) => {
                      patchList((list) => list.map((x) => (x.id === saved.id ? saved : x)));
                      toast.success(t('app.tags.renamed', { name: saved.name }));
                      closeMode(`tag-${tag.id}-rename`);
                    },
                  },
                )
              }
              onCancel={() => closeMode(`tag-${tag.id}-rename`)}
              onEdit={() => rename.reset()}
              onMergeInto={(into) => {
                rename.reset();
                setMerging({ from: tag, into });
              }}
            />
          ) : mode?.id === tag.id && mode.kind === 'merge' ? (
            <MergeRow
              key={tag.id}
              tag={tag}
              others={items.filter((x) => x.id !== tag.id)}
              onChoose={(into) => setMerging({ from: tag, into })}
              onCancel={() => closeMode(`tag-${tag.id}-merge`)}
            />
          ) : (
            <TagRow
              key={tag.id}
              tag={tag}
              canMerge={items.length > 1}
              onRename={() => {
                rename.reset();
                setMode({ id: tag.id, kind: 'rename' });
              }}
              onMerge={() => setMode({ id: tag.id, kind: 'merge' })}
              onDelete={() => {
                del.reset();
                setDeleting(tag);
              }}
            />
          ),
        )}
      </ul>
    );
  }

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) closeMode();
          onOpenChange(next);
        }}
        title={t('app.tags.manage')}
        onCloseAutoFocus={onCloseAutoFocus}
        description={t('app.tags.description')}
        onEscapeKeyDown={(e) => {
          // Escape in a row being renamed or merged cancels that, not the dialog.
          if (!mode) return;
          e.preventDefault();
          closeMode(`tag-${mode.id}-${mode.kind}`);
        }}
      >
        {body}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('app.tags.deleteTitle')}
        description={deleting && deleteQuestion(t, deleting)}
        confirmLabel={t('app.action.delete')}
        loading={del.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(e) => {
          // A deleted tag's row is gone: focus goes to the list, else back to its button.
          if (del.isSuccess) focusList(e);
        }}
      >
        {del.isError && (
          <Alert tone="error">{errorMessage(del.error, t('app.tags.deleteFailed'))}</Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={merging !== null}
        onOpenChange={(next) => {
          if (next) return;
          setMerging(null);
          merge.reset();
        }}
        title={t('app.tags.mergeTitle')}
        description={merging && mergeQuestion(t, merging.from, merging.into)}
        confirmLabel={t('app.tags.merge')}
        loading={merge.isPending}
        onConfirm={confirmMerge}
        onCloseAutoFocus={(e) => {
          if (merge.isSuccess) focusList(e);
        }}
      >
        {merge.isError && (
          <Alert tone="error">{errorMessage(merge.error, t('app.tags.mergeFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </>
  );
}

const actionClass = 'px-2.5 max-sm:size-9 max-sm:px-0';

function TagRow({
  tag,
  canMerge,
  onRename,
  onMerge,
  onDelete,
}: {
  tag: TagListItem;
  canMerge: boolean;
  onRename: () => void;
  onMerge: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <li className="flex items-center gap-2 py-2" data-testid="manage-tag-row">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <TagChip name={tag.name} className="text-sm" />
        <span className="text-xs whitespace-nowrap text-slate-600">
          {t('app.numbers.total', { count: tag.numberCount })}
        </span>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          id={`tag-${tag.id}-rename`}
          variant="ghost"
          size="sm"
          className={actionClass}
          onClick={onRename}
          aria-label={t('app.tags.renameTag', { name: tag.name })}
          title={t('app.tags.rename')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">{t('app.tags.rename')}</span>
        </Button>
        <Button
          id={`tag-${tag.id}-merge`}
          variant="ghost"
          size="sm"
          className={actionClass}
          onClick={onMerge}
          disabled={!canMerge}
          aria-label={t('app.tags.mergeTag', { name: tag.name })}
          title={canMerge ? t('app.tags.mergeInto') : t('app.tags.noOther')}
        >
          <GitMerge aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">{t('app.tags.merge')}</span>
        </Button>
        <Button
          id={`tag-${tag.id}-delete`}
          variant="ghost"
          size="sm"
          className={`${actionClass} text-red-700! hover:bg-red-50!`}
          onClick={onDelete}
          aria-label={t('app.tags.deleteTag', { name: tag.name })}
          title={t('app.action.delete')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">{t('app.action.delete')}</span>
        </Button>
      </div>
    </li>
  );
}

/** A row being renamed: Enter saves, Escape cancels; a name taken by another tag offers a merge. */
function RenameRow({
  tag,
  others,
  pending,
  error,
  onSave,
  onCancel,
  onEdit,
  onMergeInto,
}: {
  tag: TagListItem;
  others: TagListItem[];
  pending: boolean;
  error: Error | null;
  onSave: (name: string) => void;
  onCancel: () => void;
  /** The name was edited: a refusal of the previous one goes. */
  onEdit: () => void;
  onMergeInto: (into: TagListItem) => void;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState(tag.name);
  const [invalid, setInvalid] = useState<string | null>(null);
  const taken =
    isApiError(error) && error.code === 'TAG_NAME_TAKEN'
      ? others.find((x) => x.name.toLowerCase() === name.trim().toLowerCase())
      : undefined;
  const message = invalid ?? (error ? errorMessage(error, t('app.tags.renameFailed')) : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = renameTagBody.safeParse({ name });
    if (!parsed.success)
      return setInvalid(parsed.error.issues[0]?.message ?? t('app.tags.invalidName'));
    if (parsed.data.name === tag.name) return onCancel();
    onSave(parsed.data.name);
  };

  return (
    <li className="py-2">
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-center"
      >
        <label htmlFor={id} className="sr-only">
          {t('app.tags.newName', { name: tag.name })}
        </label>
        <Input
          id={id}
          value={name}
          autoFocus
          maxLength={MAX_TAG_NAME_LENGTH}
          autoComplete="off"
          invalid={!!message}
          aria-describedby={message ? `${id}-error` : undefined}
          readOnly={pending}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            setName(e.target.value);
            setInvalid(null);
            if (error) onEdit();
          }}
          className="min-w-0 sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={pending} className="flex-1 sm:flex-none">
            {t('app.tags.save')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onCancel}
            disabled={pending}
            className="flex-1 sm:flex-none"
          >
            {t('app.action.cancel')}
          </Button>
        </div>
      </form>
      {message && (
        <div id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          <p>{errorText(t, message)}</p>
          {taken && (
            <Button variant="link" className="mt-1 text-sm" onClick={() => onMergeInto(taken)}>
              {t('app.tags.mergeOffer', { from: tag.name, into: taken.name })}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** A row choosing the tag to merge into ("Merge into…"); the merge itself is confirmed. */
function MergeRow({
  tag,
  others,
  onChoose,
  onCancel,
}: {
  tag: TagListItem;
  others: TagListItem[];
  onChoose: (into: TagListItem) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [intoId, setIntoId] = useState('');
  const into = others.find((x) => x.id === intoId);
  return (
    <li className="py-2">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (into) onChoose(into);
        }}
        className="space-y-2"
      >
        <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <T
            id="app.tags.mergeLabel"
            components={{ 0: <TagChip name={tag.name} className="text-sm" /> }}
          />
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select
            id={id}
            value={intoId}
            autoFocus
            onChange={(e) => setIntoId(e.target.value)}
            className="min-w-0 sm:flex-1"
          >
            <option value="">{t('app.tags.choose')}</option>
            {others.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({t('app.numbers.total', { count: x.numberCount })})
              </option>
            ))}
          </Select>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!into} className="flex-1 sm:flex-none">
              {t('app.tags.mergeEllipsis')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onCancel}
              className="flex-1 sm:flex-none"
            >
              {t('app.action.cancel')}
            </Button>
          </div>
        </div>
      </form>
    </li>
  );
}
