import { useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MAX_TAGS_PER_NUMBER, type ImportResult } from '../../../../shared/numbers.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { failedOf, remainingInput, useImportNumbers } from '../api/import-numbers.ts';
import { ImportErrors } from './import-errors.tsx';
import { NO_TAGS, TagPicker, type TagPick } from './tag-picker.tsx';

const LINK = 'https://sms.example/get?key=abc';
/** The six line formats: their names (catalogue keys) and an example of each. */
const FORMATS: ReadonlyArray<readonly [MessageId, string]> = [
  ['app.bulk.formatDashes', `5551234567----${LINK}`],
  ['app.bulk.formatPipes', `5551234567|${LINK}|Telegram,WhatsApp`],
  ['app.bulk.formatPhoneTabLink', `5551234567⇥${LINK}`],
  ['app.bulk.formatLinkTabPhone', `${LINK}⇥5551234567`],
  ['app.bulk.formatLinkTabPlusOne', `${LINK}⇥+15551234567`],
  ['app.bulk.formatPhoneSpaceLink', `5551234567 ${LINK}`],
];
const LINES_EXAMPLE =
  '5551234567----https://provider.example/api?key=abc\n5559876543|https://provider.example/api?key=def|Telegram';

/** Bulk Import mode of /dashboard/add: one number per line, optional tags for all. */
export function BulkImportForm() {
  const t = useT();
  const navigate = useNavigate();
  const importer = useImportNumbers();
  const [text, setText] = useState('');
  const [tags, setTags] = useState<TagPick>(NO_TAGS);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    importer.mutate(
      {
        text,
        format: 'bulk',
        ...(tags.ids.length > 0 ? { tagIds: tags.ids } : {}),
        ...(tags.names.length > 0 ? { tagNames: tags.names } : {}),
      },
      {
        onSuccess: (res) => {
          if (failedOf(res).length === 0) {
            // Every line is stored or was already (a duplicate is done, not failed): go on.
            if (res.unknownTags.length > 0) toast.warning(unknownTagsNote(t, res.unknownTags));
            toast.success(importedSummary(t, res));
            setText('');
            navigate('/dashboard');
            return;
          }
          setResult(res);
          // Keep only the failed lines to fix and resubmit; a total failure leaves the text as is.
          if (res.imported > 0 || res.duplicates > 0) setText(remainingInput(text, res));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('app.bulk.label')}>
      <FormField id="bulk-lines" label={t('app.bulk.lines')}>
        <Textarea
          id="bulk-lines"
          rows={10}
          spellCheck={false}
          value={text}
          readOnly={importer.isPending}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="bulk-formats bulk-lines-error"
          className="font-mono text-sm sm:text-xs"
          placeholder={LINES_EXAMPLE}
        />
      </FormField>
      <div
        id="bulk-formats"
        className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600 ring-1 ring-slate-200"
      >
        <p className="font-medium text-slate-800">{t('app.bulk.formats')}</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {FORMATS.map(([name, example]) => (
            <li key={name}>
              <span className="font-medium text-slate-800">{t(name)}</span>
              <code className="block break-all text-slate-600">{example}</code>
            </li>
          ))}
        </ol>
        <p className="mt-2">{t('app.bulk.tagNamesNote')}</p>
      </div>
      <FormField
        id="bulk-tags"
        label={t('app.bulk.tags')}
        hint={t('app.bulk.tagsHint', { max: MAX_TAGS_PER_NUMBER })}
      >
        <TagPicker inputId="bulk-tags" value={tags} onChange={setTags} max={MAX_TAGS_PER_NUMBER} />
      </FormField>

      {importer.isError && (
        <Alert tone="error">{errorMessage(importer.error, t('app.bulk.failed'))}</Alert>
      )}
      <div aria-live="polite" className="space-y-3">
        {result && <ImportOutcome result={result} />}
      </div>

      <div className="flex justify-end">
        <Button
          type="submit"
          variant="primary"
          loading={importer.isPending}
          disabled={text.trim() === ''}
        >
          {!importer.isPending && <Upload aria-hidden="true" className="size-4" />}
          {importer.isPending ? t('app.bulk.importing') : t('app.bulk.import')}
        </Button>
      </div>
    </form>
  );
}

const importedSummary = (t: Translate, res: ImportResult) =>
  res.duplicates > 0
    ? t('app.bulk.importedSkipped', { count: res.imported, duplicates: res.duplicates })
    : t('app.bulk.imported', { count: res.imported });

const unknownTagsNote = (t: Translate, names: readonly string[]) =>
  t('app.bulk.unknownTags', {
    count: names.length,
    names: names.map((n) => `‘${n}’`).join(', '),
  });

/**
 * A bulk import with failed lines, as the reference words it: 'Imported n numbers with m errors:'
 * and the failed lines (left in the box to fix); then the duplicates skipped (already stored,
 * nothing to fix) and the tag names that matched no tag.
 */
function ImportOutcome({ result }: { result: ImportResult }) {
  const t = useT();
  const failed = failedOf(result);
  const skipped = result.errors.filter((e) => e.duplicate);
  return (
    <Alert tone={result.imported > 0 ? 'warning' : 'error'}>
      <p className="font-medium" data-testid="import-summary">
        {t('app.bulk.withErrors', { count: result.imported, errors: failed.length })}
      </p>
      <ImportErrors errors={failed} />
      <p className="mt-2 text-xs">{t('app.bulk.leftInBox', { count: failed.length })}</p>
      {skipped.length > 0 && (
        <>
          <p className="mt-3 font-medium" data-testid="import-skipped">
            {t('app.bulk.skipped', { count: skipped.length })}
          </p>
          <ImportErrors errors={skipped} />
        </>
      )}
      {result.unknownTags.length > 0 && (
        <p className="mt-3" data-testid="import-unknown-tags">
          {unknownTagsNote(t, result.unknownTags)}
        </p>
      )}
    </Alert>
  );
}
