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
import { countOf } from '../../../lib/format.ts';
import { failedOf, remainingInput, useImportNumbers } from '../api/import-numbers.ts';
import { ImportErrors } from './import-errors.tsx';
import { TagPicker } from './tag-picker.tsx';

const LINK = 'https://sms.example/get?key=abc';
const FORMATS = [
  ['phone----link (a leading +1 is fine)', `5551234567----${LINK}`],
  ['phone|link|tags', `5551234567|${LINK}|Telegram,WhatsApp`],
  ['phone TAB link', `5551234567⇥${LINK}`],
  ['link TAB phone', `${LINK}⇥5551234567`],
  ['link TAB +1phone', `${LINK}⇥+15551234567`],
  ['phone SPACE link', `5551234567 ${LINK}`],
] as const;

/** Bulk Import mode of /dashboard/add: one number per line, optional tags for all. */
export function BulkImportForm() {
  const navigate = useNavigate();
  const importer = useImportNumbers();
  const [text, setText] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    importer.mutate(
      { text, format: 'bulk', ...(tagIds.length > 0 ? { tagIds } : {}) },
      {
        onSuccess: (res) => {
          if (failedOf(res).length === 0) {
            // Every line is stored or was already (a duplicate is done, not failed): go on.
            toast.success(importedSummary(res));
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
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Bulk import numbers">
      <FormField id="bulk-lines" label="Numbers and API links (one per line)">
        <Textarea
          id="bulk-lines"
          rows={10}
          spellCheck={false}
          value={text}
          readOnly={importer.isPending}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="bulk-formats bulk-lines-error"
          className="font-mono text-sm sm:text-xs"
          placeholder={
            '5551234567----https://provider.example/api?key=abc\n5559876543|https://provider.example/api?key=def|Telegram'
          }
        />
      </FormField>
      <div
        id="bulk-formats"
        className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600 ring-1 ring-slate-200"
      >
        <p className="font-medium text-slate-800">Accepted formats (blank lines are skipped):</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {FORMATS.map(([name, example]) => (
            <li key={name}>
              <span className="font-medium text-slate-800">{name}</span>
              <code className="block break-all text-slate-600">{example}</code>
            </li>
          ))}
        </ol>
        <p className="mt-2">Tag names on | lines are matched to your existing tags.</p>
      </div>
      <FormField
        id="bulk-tags"
        label="Tags for all imported numbers (optional)"
        hint={`Up to ${MAX_TAGS_PER_NUMBER}. When set, they replace the tags named on the lines.`}
      >
        <TagPicker
          inputId="bulk-tags"
          value={tagIds}
          onChange={setTagIds}
          max={MAX_TAGS_PER_NUMBER}
        />
      </FormField>

      {importer.isError && (
        <Alert tone="error">{errorMessage(importer.error, 'Failed to import numbers')}</Alert>
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
          {importer.isPending ? 'Importing...' : 'Import'}
        </Button>
      </div>
    </form>
  );
}

const importedSummary = (res: ImportResult) =>
  `Imported ${countOf(res.imported, 'number')}` +
  (res.duplicates > 0 ? ` (${countOf(res.duplicates, 'duplicate')} skipped)` : '');

/**
 * A bulk import with failed lines: what was stored as a success, the failures apart. With nothing
 * stored and nothing skipped it is the summary alone, 'Imported 0 numbers with m errors:'.
 */
function ImportOutcome({ result }: { result: ImportResult }) {
  const failed = failedOf(result);
  const skipped = result.errors.filter((e) => e.duplicate);
  const partial = result.imported > 0 || result.duplicates > 0;
  return (
    <>
      {partial && (
        <Alert tone="success">
          <p className="font-medium" data-testid="import-summary">
            {importedSummary(result)}
          </p>
          {skipped.length > 0 && <ImportErrors errors={skipped} />}
        </Alert>
      )}
      <Alert tone="error">
        <p className="font-medium" data-testid="import-errors-summary">
          {partial
            ? `${countOf(failed.length, 'error')}:`
            : `Imported 0 numbers with ${countOf(failed.length, 'error')}:`}
        </p>
        <ImportErrors errors={failed} />
        <p className="mt-2 text-xs">
          {failed.length === 1 ? 'This line is' : 'These lines are'} left in the box above: fix{' '}
          {failed.length === 1 ? 'it' : 'them'} and press Import again.
        </p>
      </Alert>
    </>
  );
}
