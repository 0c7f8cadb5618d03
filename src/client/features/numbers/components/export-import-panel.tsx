import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Download, FileUp, Upload } from 'lucide-react';
import type { ImportResult } from '../../../../shared/numbers.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { countOf } from '../../../lib/format.ts';
import { EXPORT_URL } from '../api/export-numbers.ts';
import { failedOf, remainingInput, useImportNumbers } from '../api/import-numbers.ts';
import { ImportErrors } from './import-errors.tsx';

const BANNER_MS = 3000;

/** 'Export/Import Numbers': download voip_numbers.json; import pasted text or a .json/.txt file. */
export function ExportImportPanel() {
  const importer = useImportNumbers();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const failed = result ? failedOf(result) : [];
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [banner]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setFileError(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setText(typeof reader.result === 'string' ? reader.result : '');
      setFileName(file.name);
    };
    reader.onerror = () => setFileError('Could not read the file.');
    reader.readAsText(file);
    e.target.value = '';
  };

  const onImport = () => {
    setBanner(null);
    setResult(null);
    importer.mutate(
      { text, format: 'settings' },
      {
        onSuccess: (res) => {
          const done = res.imported > 0 || res.duplicates > 0;
          if (done) {
            setBanner(
              `Imported ${countOf(res.imported, 'number')} (${countOf(res.duplicates, 'duplicate')} skipped)`,
            );
            // Only what failed stays, to fix and import again; a total failure changes nothing.
            setText(remainingInput(text, res));
            setFileName(null);
          }
          setResult(res);
        },
      },
    );
  };

  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Export/Import Numbers</h2>
        <p className="mt-1 text-sm text-slate-600">
          Download your whole collection as voip_numbers.json, or bring numbers back from a JSON
          export or <code className="text-xs">number|API link</code> lines.
        </p>
      </div>

      <div>
        <a href={EXPORT_URL} download="voip_numbers.json" className={buttonClass('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          Export Numbers
        </a>
      </div>

      <div className="space-y-4 border-t border-slate-200 pt-6">
        <FormField
          id="settings-import"
          label="Import numbers"
          hint="Paste JSON (an array of objects with phoneNumber and apiLink) or one number|API link per line."
        >
          <Textarea
            id="settings-import"
            rows={8}
            spellCheck={false}
            value={text}
            readOnly={importer.isPending}
            onChange={(e) => {
              setText(e.target.value);
              setFileName(null);
            }}
            className="font-mono text-sm sm:text-xs"
            placeholder={
              '[{"phoneNumber":"5551234567","apiLink":"https://..."}]\nor\n5551234567|https://...'
            }
            aria-describedby="settings-import-error"
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            ref={fileInput}
            id="settings-import-file"
            type="file"
            accept=".json,.txt,application/json,text/plain"
            onChange={onFile}
            tabIndex={-1}
            aria-label="Import file"
            className="sr-only"
          />
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden="true" className="size-4" />
            Choose File (.json, .txt)
          </Button>
          {fileName && (
            <span className="truncate text-sm text-slate-600" aria-live="polite">
              Loaded {fileName}
            </span>
          )}
          <Button
            variant="primary"
            className="sm:ml-auto"
            onClick={onImport}
            disabled={text.trim() === ''}
            loading={importer.isPending}
          >
            {!importer.isPending && <Upload aria-hidden="true" className="size-4" />}
            {importer.isPending ? 'Importing...' : 'Import'}
          </Button>
        </div>
        <div aria-live="polite" className="space-y-3">
          {banner && <Alert tone="success">{banner}</Alert>}
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {importer.isError && (
            <Alert tone="error">{errorMessage(importer.error, 'Failed to import numbers')}</Alert>
          )}
          {failed.length > 0 && (
            <Alert tone="error">
              <p className="font-medium">
                {result?.input === 'json'
                  ? countOf(failed.length, 'entry', 'entries')
                  : countOf(failed.length, 'line')}{' '}
                could not be imported:
              </p>
              <ImportErrors errors={failed} />
              <p className="mt-2 text-xs">
                {failed.length === 1 ? 'It is' : 'They are'} left in the box above: fix{' '}
                {failed.length === 1 ? 'it' : 'them'} and press Import again.
              </p>
            </Alert>
          )}
        </div>
      </div>
    </Card>
  );
}
