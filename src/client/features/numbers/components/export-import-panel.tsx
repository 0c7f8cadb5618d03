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
import { T, useT } from '../../../lib/i18n.tsx';
import { EXPORT_URL } from '../api/export-numbers.ts';
import { failedOf, remainingInput, useImportNumbers } from '../api/import-numbers.ts';
import { ImportErrors } from './import-errors.tsx';

const BANNER_MS = 3000;

/** The two kinds of input the box takes, as examples (the same in every language). */
const JSON_EXAMPLE = '[{"phoneNumber":"5551234567","apiLink":"https://..."}]';
const LINE_EXAMPLE = '5551234567|https://...';

/** 'Export/Import Numbers': download voip_numbers.json; import pasted text or a .json/.txt file. */
export function ExportImportPanel() {
  const t = useT();
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
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
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
    reader.onerror = () => setFileError(t('app.transfer.fileUnreadable'));
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
              t('app.bulk.importedSkipped', { count: res.imported, duplicates: res.duplicates }),
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
        <h2 className="text-lg font-semibold text-slate-900">{t('app.transfer.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          <T id="app.transfer.intro" components={{ 0: <code className="text-xs" /> }} />
        </p>
      </div>

      <div>
        <a href={EXPORT_URL} download="voip_numbers.json" className={buttonClass('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          {t('app.transfer.export')}
        </a>
      </div>

      <div className="space-y-4 border-t border-slate-200 pt-6">
        <FormField
          id="settings-import"
          label={t('app.transfer.importLabel')}
          hint={t('app.transfer.importHint')}
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
            placeholder={`${JSON_EXAMPLE}\n${t('app.transfer.or')}\n${LINE_EXAMPLE}`}
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
            aria-label={t('app.transfer.file')}
            className="sr-only"
          />
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden="true" className="size-4" />
            {t('app.transfer.chooseFile')}
          </Button>
          {fileName && (
            <span className="truncate text-sm text-slate-600" aria-live="polite">
              {t('app.transfer.loaded', { name: fileName })}
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
            {importer.isPending ? t('app.bulk.importing') : t('app.bulk.import')}
          </Button>
        </div>
        <div aria-live="polite" className="space-y-3">
          {banner && <Alert tone="success">{banner}</Alert>}
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {importer.isError && (
            <Alert tone="error">{errorMessage(importer.error, t('app.bulk.failed'))}</Alert>
          )}
          {failed.length > 0 && (
            <Alert tone="error">
              <p className="font-medium">
                {result?.input === 'json'
                  ? t('app.transfer.entriesFailed', { count: failed.length })
                  : t('app.transfer.linesFailed', { count: failed.length })}
              </p>
              <ImportErrors errors={failed} />
              <p className="mt-2 text-xs">
                {t('app.transfer.leftInBox', { count: failed.length })}
              </p>
            </Alert>
          )}
        </div>
      </div>
    </Card>
  );
}
