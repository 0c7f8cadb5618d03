import { Controller, type UseFormReturn } from 'react-hook-form';
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
import { TagPicker } from './tag-picker.tsx';

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
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <FormField id={id('phone')} label="Phone Number" error={errors.phoneNumber?.message}>
        <Input
          id={id('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(555) 123-4567"
          invalid={!!errors.phoneNumber}
          aria-describedby={`${id('phone')}-error`}
          {...register('phoneNumber')}
        />
      </FormField>
      <FormField id={id('link')} label="API Link" error={errors.apiLink?.message}>
        <Input
          id={id('link')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://provider.example/api?key=..."
          invalid={!!errors.apiLink}
          aria-describedby={`${id('link')}-error`}
          {...register('apiLink')}
        />
      </FormField>
      <FormField
        id={id('tags')}
        label="Tags"
        error={errors.tagIds?.message}
        hint={`Optional, up to ${MAX_TAGS_PER_NUMBER}. Type to search or create a tag.`}
      >
        <Controller
          control={control}
          name="tagIds"
          render={({ field }) => (
            <TagPicker
              inputId={id('tags')}
              value={field.value ?? []}
              onChange={field.onChange}
              max={MAX_TAGS_PER_NUMBER}
              knownTags={knownTags}
              describedBy={`${id('tags')}-error`}
            />
          )}
        />
      </FormField>
      <FormField id={id('notes')} label="Notes (optional)" error={errors.notes?.message}>
        <Textarea
          id={id('notes')}
          rows={3}
          invalid={!!errors.notes}
          aria-describedby={`${id('notes')}-error`}
          {...register('notes')}
        />
      </FormField>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-3">
        <legend className="sr-only">Status</legend>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox {...register('isActive')} />
          Active
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox {...register('isFavorite')} />
          Favorite
        </label>
      </fieldset>
    </>
  );
}
