import { useController, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  MAX_TAGS_PER_NUMBER,
  type createNumberBody,
  type Tag,
} from '../../../../shared/numbers.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { TagPicker } from './tag-picker.tsx';

/** Examples of the values, the same in every language. */
const PHONE_EXAMPLE = '(555) 123-4567';
const LINK_EXAMPLE = 'https://provider.example/api?key=...';

export type NumberFormInput = z.input<typeof createNumberBody>;
export type NumberFormOutput = z.output<typeof createNumberBody>;
export type NumberForm = UseFormReturn<NumberFormInput, unknown, NumberFormOutput>;

/** Phone Number, API Link, Tags (max 5), Notes, Active and Favorite — shared by add and edit. */
export function NumberFormFields({
  form,
  idPrefix,
  knownTags,
}: {
  form: NumberForm;
  idPrefix: string;
  knownTags?: Tag[];
}) {
  const t = useT();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  // Existing tags by id, new ones by name (created with the number when it is saved).
  const tagIds = useController({ control, name: 'tagIds' }).field;
  const tagNames = useController({ control, name: 'tagNames' }).field;
  const tagError =
    errors.tagIds?.message ??
    errors.tagNames?.message ??
    (Array.isArray(errors.tagNames) ? errors.tagNames.find(Boolean)?.message : undefined);
  return (
    <>
      <FormField id={id('phone')} label={t('app.form.phone')} error={errors.phoneNumber?.message}>
        <Input
          id={id('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={PHONE_EXAMPLE}
          invalid={!!errors.phoneNumber}
          aria-describedby={`${id('phone')}-error`}
          {...register('phoneNumber')}
        />
      </FormField>
      <FormField id={id('link')} label={t('app.form.apiLink')} error={errors.apiLink?.message}>
        <Input
          id={id('link')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={LINK_EXAMPLE}
          invalid={!!errors.apiLink}
          aria-describedby={`${id('link')}-error`}
          {...register('apiLink')}
        />
      </FormField>
      <FormField
        id={id('tags')}
        label={t('app.form.tags')}
        error={tagError}
        hint={t('app.form.tagsHint', { max: MAX_TAGS_PER_NUMBER })}
      >
        <TagPicker
          inputId={id('tags')}
          value={{ ids: tagIds.value ?? [], names: tagNames.value ?? [] }}
          onChange={(next) => {
            tagIds.onChange(next.ids);
            tagNames.onChange(next.names);
          }}
          max={MAX_TAGS_PER_NUMBER}
          knownTags={knownTags}
          describedBy={`${id('tags')}-error`}
        />
      </FormField>
      <FormField id={id('notes')} label={t('app.form.notes')} error={errors.notes?.message}>
        <Textarea
          id={id('notes')}
          rows={3}
          invalid={!!errors.notes}
          aria-describedby={`${id('notes')}-error`}
          {...register('notes')}
        />
      </FormField>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-3">
        <legend className="sr-only">{t('app.form.status')}</legend>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox {...register('isActive')} />
          {t('app.card.active')}
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox {...register('isFavorite')} />
          {t('app.card.favorite')}
        </label>
      </fieldset>
    </>
  );
}
