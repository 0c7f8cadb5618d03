import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm, type Control, type FieldErrors, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  BLOG_CATEGORIES,
  createPostBody,
  slugify,
  type AdminPostDto,
} from '../../../../shared/blog.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { blogCategoryLabel } from '../../../lib/blog-categories.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useCreatePost, useUpdatePost } from '../api/save-post.ts';
import { useSlugFollow } from '../hooks/use-slug-follow.ts';
import {
  changedFields,
  FIELDS,
  valuesOf,
  type Field,
  type PostFormInput,
  type PostFormOutput,
} from '../post-values.ts';
import { ContentEditor, type ContentTab } from './content-editor.tsx';

/**
 * The create and edit form (react-hook-form with the shared createPostBody schema, which holds
 * every field in both cases). Inputs are uncontrolled, so typing into a 200 KB post re-renders
 * only the character counter, not the form. The slug follows the title (product rules, Blog,
 * `slugify`) until it is edited by hand, and never when editing a stored post.
 */
export function PostForm({ post, onDone }: { post: AdminPostDto | null; onDone: () => void }) {
  const t = useT();
  const create = useCreatePost();
  const update = useUpdatePost();
  const mutation = post ? update : create;
  const [banner, setBanner] = useState<string | null>(null);
  const [tab, setTab] = useState<ContentTab>('write');
  /** True while the slug follows the title: creating, and the slug not typed into (or emptied). */
  const slug = useSlugFollow(post === null);
  const form = useForm<PostFormInput, unknown, PostFormOutput>({
    resolver: zodResolver(createPostBody),
    defaultValues: valuesOf(post),
  });
  const {
    register,
    control,
    setValue,
    setError,
    getFieldState,
    formState: { errors },
  } = form;

  /** The content field lives in the Write tab: show it before focusing an error there. */
  const revealContent = (errs: FieldErrors<PostFormInput>) => {
    if (errs.content && tab !== 'write') flushSync(() => setTab('write'));
  };

  const onServerError = (err: unknown) => {
    const fields = err instanceof ApiError ? err.fields : undefined;
    const known = FIELDS.filter((f) => fields?.[f]?.[0]);
    if (known.length) {
      revealContent(known.includes('content') ? { content: { type: 'server' } } : {});
      known.forEach((f, i) =>
        setError(f, { type: 'server', message: fields![f]![0] }, { shouldFocus: i === 0 }),
      );
    }
    const unplaced = fields && Object.keys(fields).some((k) => !known.includes(k as Field));
    setBanner(known.length && !unplaced ? null : errorMessage(err, t('admin.blog.saveFailed')));
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      setBanner(null);
      if (!post) {
        create.mutate(values, {
          onSuccess: (saved) => {
            toast.success(t('admin.blog.created', { title: saved.title }));
            onDone();
          },
          onError: onServerError,
        });
        return;
      }
      const changes = changedFields(post, values);
      if (Object.keys(changes).length === 0) {
        toast.info(t('admin.blog.noChanges'));
        return onDone();
      }
      update.mutate(
        { id: post.id, changes },
        {
          onSuccess: (saved) => {
            toast.success(t('admin.blog.updated', { title: saved.title }));
            onDone();
          },
          onError: onServerError,
        },
      );
    },
    (errs) => revealContent(errs),
  );

  const titleField = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (!slug.follows()) return;
      setValue('slug', slugify(e.target.value), {
        shouldValidate: getFieldState('slug').invalid,
      });
    },
  });
  const slugField = register('slug', {
    onChange: (e: { target: { value: string } }) => {
      // Typing a slug stops the following; emptying it (when creating) starts it again.
      slug.set(post === null && e.target.value.trim() === '');
    },
  });

  const err = (f: Field) => errors[f]?.message;
  const text = (
    f: Exclude<Field, 'content' | 'category' | 'featured' | 'published'>,
    label: MessageId,
    opts: { hint?: MessageId; placeholder?: MessageId; autoFocus?: boolean; mono?: boolean } = {},
  ) => (
    <FormField
      id={`post-${f}`}
      label={t(label)}
      error={err(f)}
      {...(opts.hint ? { hint: t(opts.hint) } : {})}
    >
      <Input
        id={`post-${f}`}
        autoComplete="off"
        invalid={!!errors[f]}
        aria-describedby={`post-${f}-error`}
        placeholder={opts.placeholder && t(opts.placeholder)}
        autoFocus={opts.autoFocus}
        spellCheck={opts.mono ? false : undefined}
        className={opts.mono ? 'font-mono' : undefined}
        {...(f === 'title' ? titleField : f === 'slug' ? slugField : register(f))}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={post ? t('admin.blog.editForm') : t('admin.blog.newForm')}
    >
      {text('title', 'admin.blog.postTitle', {
        autoFocus: true,
        placeholder: 'admin.blog.postTitlePlaceholder',
      })}
      {text('slug', 'admin.blog.slug', {
        mono: true,
        placeholder: 'admin.blog.slugPlaceholder',
        hint: post ? 'admin.blog.slugHintEdit' : 'admin.blog.slugHintNew',
      })}
      <FormField id="post-excerpt" label={t('admin.blog.excerpt')} error={err('excerpt')}>
        <Textarea
          id="post-excerpt"
          rows={3}
          invalid={!!errors.excerpt}
          aria-describedby="post-excerpt-error"
          placeholder={t('admin.blog.excerptPlaceholder')}
          {...register('excerpt')}
        />
      </FormField>
      <ContentEditor
        control={control}
        register={register}
        error={err('content')}
        tab={tab}
        onTabChange={setTab}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {text('author', 'admin.blog.author')}
        <FormField id="post-category" label={t('admin.blog.category')} error={err('category')}>
          <Select
            id="post-category"
            invalid={!!errors.category}
            aria-describedby="post-category-error"
            {...register('category')}
          >
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {blogCategoryLabel(t, c)}
              </option>
            ))}
          </Select>
        </FormField>
        {text('readTime', 'admin.blog.readTime', { placeholder: 'admin.blog.readTimePlaceholder' })}
        <div className="flex flex-col justify-end gap-3 sm:pb-1">
          <FlagSwitch control={control} name="published" label={t('admin.blog.published')} />
          <FlagSwitch control={control} name="featured" label={t('admin.blog.featured')} />
        </div>
      </div>
      {text('metaDescription', 'admin.blog.metaDescription', {
        placeholder: 'admin.blog.metaDescriptionPlaceholder',
      })}
      {text('metaKeywords', 'admin.blog.metaKeywords', {
        placeholder: 'admin.blog.metaKeywordsPlaceholder',
        hint: 'admin.blog.metaKeywordsHint',
      })}
      {banner && <Alert tone="error">{banner}</Alert>}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={mutation.isPending}>
            {t('admin.blog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={mutation.isPending}>
          {post ? t('admin.blog.updatePost') : t('admin.blog.createPost')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Published / Featured: a labelled switch (a Controller, so only it re-renders on toggle). */
function FlagSwitch({
  control,
  name,
  label,
}: {
  control: Control<PostFormInput, unknown, PostFormOutput>;
  name: Extract<Path<PostFormInput>, 'published' | 'featured'>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
          <span className="text-sm font-medium text-slate-800" id={`post-${name}-label`}>
            {label}
          </span>
          <Switch checked={!!field.value} onChange={field.onChange} label={label} />
        </div>
      )}
    />
  );
}
