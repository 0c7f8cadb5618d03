import { useEffect, useState } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { BLOG_LIMITS } from '../../../../shared/blog-rules.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTabKeys } from '../../../lib/use-tab-keys.ts';
import { usePreview } from '../api/preview-post.ts';
import type { PostFormInput, PostFormOutput } from '../post-values.ts';

export type ContentTab = 'write' | 'preview';
const TABS: ContentTab[] = ['write', 'preview'];
const LABELS = {
  write: 'admin.blog.write',
  preview: 'admin.blog.preview',
} as const satisfies Record<ContentTab, MessageId>;

type Props = {
  control: Control<PostFormInput, unknown, PostFormOutput>;
  register: UseFormRegister<PostFormInput>;
  error: string | undefined;
  tab: ContentTab;
  onTabChange: (tab: ContentTab) => void;
};

/**
 * Content (Markdown): a Write / Preview tab pair over a large textarea, and a character counter
 * against BLOG_LIMITS.content. The textarea stays mounted (hidden) while previewing, so its value
 * and the form's registration stay put. Only the counter watches the value.
 */
export function ContentEditor({ control, register, error, tab, onTabChange }: Props) {
  const t = useT();
  const { onKeyDown, tabRef } = useTabKeys(TABS, tab, onTabChange);

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor="post-content" className="block text-sm font-medium text-slate-800">
          {t('admin.blog.content')}
        </label>
        <div
          role="tablist"
          aria-label={t('admin.blog.contentView')}
          className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5"
          onKeyDown={onKeyDown}
        >
          {TABS.map((name) => (
            <button
              key={name}
              ref={tabRef(name)}
              type="button"
              role="tab"
              id={`post-content-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`post-content-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => onTabChange(name)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none',
                tab === name
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {t(LABELS[name])}
            </button>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id="post-content-panel-write"
        aria-labelledby="post-content-tab-write"
        hidden={tab !== 'write'}
      >
        <Textarea
          id="post-content"
          rows={14}
          spellCheck
          invalid={!!error}
          aria-describedby="post-content-error post-content-count post-content-hint"
          placeholder={t('admin.blog.contentPlaceholder')}
          className="min-h-64 font-mono text-sm leading-6 sm:min-h-80"
          {...register('content')}
        />
      </div>
      {tab === 'preview' && (
        <div
          role="tabpanel"
          id="post-content-panel-preview"
          aria-labelledby="post-content-tab-preview"
          tabIndex={0}
          className="max-h-[28rem] min-h-64 overflow-y-auto rounded-lg border border-slate-300 bg-white px-4 py-3 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none sm:min-h-80"
        >
          <PreviewPane control={control} />
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p id="post-content-hint" className="text-xs text-slate-500">
          {t('admin.blog.contentHint')}
        </p>
        <ContentCounter control={control} />
      </div>
      <p id="post-content-error" className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {errorText(t, error)}
      </p>
    </div>
  );
}

/** '1,234 / 250,000 characters'; red past the limit. Re-renders alone on each keystroke. */
function ContentCounter({ control }: { control: Control<PostFormInput, unknown, PostFormOutput> }) {
  const t = useT();
  const length = (useWatch({ control, name: 'content' }) ?? '').length;
  const over = length > BLOG_LIMITS.content;
  return (
    <p
      id="post-content-count"
      data-testid="content-count"
      className={cn('text-xs tabular-nums', over ? 'font-medium text-red-700' : 'text-slate-500')}
    >
      {t('admin.blog.contentCount', { count: length, max: BLOG_LIMITS.content })}
    </p>
  );
}

/**
 * The content as the server renders it (POST /v1/admin/posts/preview), asked for 300 ms after
 * the content last changed; the returned HTML is sanitised by the server and shown with the
 * public post page's `blog-content` styles.
 */
function PreviewPane({ control }: { control: Control<PostFormInput, unknown, PostFormOutput> }) {
  const t = useT();
  const content = useWatch({ control, name: 'content' }) ?? '';
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(content), 300);
    return () => clearTimeout(timer);
  }, [content]);
  const empty = content.trim() === '';
  const preview = usePreview(settled ?? '', settled !== null && !empty);

  if (empty)
    return (
      <p className="py-8 text-center text-sm text-slate-500">{t('admin.blog.nothingToPreview')}</p>
    );
  if (preview.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <RetryAlert
          error={preview.error}
          fallback={t('admin.blog.previewFailed')}
          onRetry={() => void preview.refetch()}
          retrying={preview.isFetching}
        />
      </div>
    );
  }
  if (!preview.data) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('admin.blog.previewRendering')} className="text-brand-900" />
      </div>
    );
  }
  return (
    <div className="relative" aria-busy={preview.isFetching || undefined}>
      {preview.isFetching && (
        <Spinner
          size="sm"
          label={t('admin.blog.previewUpdating')}
          className="absolute top-0 right-0 text-brand-900"
        />
      )}
      <div
        className="blog-content"
        data-testid="post-preview"
        // Sanitised by the server (the same renderer and sanitiser as a saved post).
        dangerouslySetInnerHTML={{ __html: preview.data.html }}
      />
    </div>
  );
}
