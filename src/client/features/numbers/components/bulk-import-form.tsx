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
import { useImportNumbers } from '../api/import-numbers.ts';
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
      { text, ...(tagIds.length > 0 ? { tagIds } : {}) },
      {
        onSuccess: (res) => {
          if (res.errors.length === 0) {
            toast.success(`Imported ${countOf(res.imported, 'number')}`);
            navigate('/dashboard');
          } else {
            setResult(res);
          }
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
      {result && (
        <div aria-live="polite">
          <Alert tone="error">
            <p className="font-medium" data-testid="import-summary">
              Imported {countOf(result.imported, 'number')} with{' '}
              {countOf(result.errors.length, 'error')}:
            </p>
            <ImportErrors errors={result.errors} />
          </Alert>
        </div>
      )}

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
