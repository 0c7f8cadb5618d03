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
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
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
    setBanner(known.length && !unplaced ? null : errorMessage(err, 'Error saving blog post'));
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      setBanner(null);
      if (!post) {
        create.mutate(values, {
          onSuccess: (saved) => {
            toast.success(`Created "${saved.title}"`);
            onDone();
          },
          onError: onServerError,
        });
        return;
      }
      const changes = changedFields(post, values);
      if (Object.keys(changes).length === 0) {
        toast.info('No changes to save');
        return onDone();
      }
      update.mutate(
        { id: post.id, changes },
        {
          onSuccess: (saved) => {
            toast.success(`Updated "${saved.title}"`);
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
    label: string,
    opts: { hint?: string; placeholder?: string; autoFocus?: boolean; mono?: boolean } = {},
  ) => (
    <FormField
      id={`post-${f}`}
      label={label}
      error={err(f)}
      {...(opts.hint ? { hint: opts.hint } : {})}
    >
      <Input
        id={`post-${f}`}
        autoComplete="off"
        invalid={!!errors[f]}
        aria-describedby={`post-${f}-error`}
        placeholder={opts.placeholder}
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
      aria-label={post ? 'Edit blog post' : 'New blog post'}
    >
      {text('title', 'Title', { autoFocus: true, placeholder: 'A clear, descriptive title' })}
      {text('slug', 'Slug', {
        mono: true,
        placeholder: 'my-post-title',
        hint: post
          ? 'The address of the post: /blog/{slug}. Changing it breaks links to the old one.'
          : 'The address of the post: /blog/{slug}. Follows the title until you edit it.',
      })}
      <FormField id="post-excerpt" label="Excerpt" error={err('excerpt')}>
        <Textarea
          id="post-excerpt"
          rows={3}
          invalid={!!errors.excerpt}
          aria-describedby="post-excerpt-error"
          placeholder="A short summary shown on the blog's cards"
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
        {text('author', 'Author')}
        <FormField id="post-category" label="Category" error={err('category')}>
          <Select
            id="post-category"
            invalid={!!errors.category}
            aria-describedby="post-category-error"
            {...register('category')}
          >
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
        {text('readTime', 'Read Time', { placeholder: '5 min read' })}
        <div className="flex flex-col justify-end gap-3 sm:pb-1">
          <FlagSwitch control={control} name="published" label="Published" />
          <FlagSwitch control={control} name="featured" label="Featured" />
        </div>
      </div>
      {text('metaDescription', 'Meta Description (optional)', {
        placeholder: 'For search engines and link previews',
      })}
      {text('metaKeywords', 'Meta Keywords (optional)', {
        placeholder: 'voip, sms, verification',
        hint: 'Comma-separated.',
      })}
      {banner && <Alert tone="error">{banner}</Alert>}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={mutation.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={mutation.isPending}>
          {post ? 'Update Post' : 'Create Post'}
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
