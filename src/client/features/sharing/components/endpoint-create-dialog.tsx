import { useState, type FormEvent } from 'react';
import { ClipboardList, ListChecks } from 'lucide-react';
import { toast } from 'sonner';
import type { PickedNumber } from '../../../components/ui/number-picker.tsx';
import { parseBulkLine } from '../../../../shared/bulk-lines.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import {
  DEFAULT_REMARK,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  MAX_SINGLE_LINES,
  type CreateEndpointsResult,
} from '../../../../shared/sharing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { isApiError } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { useCreateEndpointsFromLines, useCreateEndpoint } from '../api/save-share.ts';
import { NumberField, ShareFormFooter, TextField } from './share-form.tsx';

type Mode = 'pick' | 'lines';

const LINES_PLACEHOLDER = `5551234567----https://provider.example/api?key=…
+1 555 123 4568|https://provider.example/api?key=…
https://provider.example/api?key=…\t5551234569`;

/** Create single endpoints: pick one number (name and remark optional), or paste lines. */
export function EndpointCreateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [mode, setMode] = useState<Mode>('pick');
  const create = useCreateEndpoint();
  const fromLines = useCreateEndpointsFromLines();
  const busy = create.isPending || fromLines.isPending;
  const close = () => {
    create.reset();
    fromLines.reset();
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={t('settings.endpointDialog.createTitle')}
      description={t('settings.endpointDialog.createDescription')}
      busy={busy}
      wide
    >
      <div
        role="group"
        aria-label={t('settings.endpointDialog.createFrom')}
        className="mb-4 grid grid-cols-2 gap-2 sm:flex"
      >
        <ToggleButton pressed={mode === 'pick'} onClick={() => setMode('pick')}>
          <ListChecks aria-hidden="true" className="size-4" />
          {t('settings.endpointDialog.pick')}
        </ToggleButton>
        <ToggleButton pressed={mode === 'lines'} onClick={() => setMode('lines')}>
          <ClipboardList aria-hidden="true" className="size-4" />
          {t('settings.endpointDialog.paste')}
        </ToggleButton>
      </div>
      {mode === 'pick' ? (
        <PickForm
          busy={busy}
          failure={create.error}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (endpoint) => {
                close();
                toast.success(
                  translate('settings.endpointDialog.created', { name: endpoint.name }),
                );
              },
            })
          }
        />
      ) : (
        <LinesForm
          busy={busy}
          failure={fromLines.error}
          result={fromLines.data}
          onSubmit={(body, done) =>
            fromLines.mutate(body, {
              onSuccess: (res) => {
                done(res);
                if (res.errors.length > 0) return;
                close();
                toast.success(res.message);
              },
            })
          }
        />
      )}
    </FormDialog>
  );
}

function PickForm({
  busy,
  failure,
  onSubmit,
}: {
  busy: boolean;
  failure: Error | null;
  onSubmit: (body: { numberId: string; name?: string; remark: string }) => void;
}) {
  const t = useT();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<PickedNumber | null>(null);
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const numberId = [...selected][0];
    if (!numberId) return setNumberError(t('settings.endpointDialog.numberRequired'));
    const trimmed = name.trim();
    onSubmit({ numberId, ...(trimmed ? { name: trimmed } : {}), remark: remark.trim() });
  };

  const shownNumberError = numberError ?? fields?.numberId?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NumberField
        legend={t('settings.endpointDialog.number')}
        label={t('settings.endpointDialog.numberLabel')}
        mode="single"
        selected={selected}
        errorId="endpoint-number-error"
        error={shownNumberError}
        onChange={(next, [n]) => {
          setSelected(next);
          if (n) setPicked(n);
          setNumberError(undefined);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="endpoint-name"
          label={t('settings.endpointDialog.nameOptional')}
          value={name}
          maxLength={MAX_SHARE_NAME_LENGTH}
          placeholder={t('share.defaultEndpointName', {
            phone: picked ? formatPhone(picked.phoneNumber) : '(xxx) xxx-xxxx',
          })}
          error={fields?.name?.[0]}
          hint={t('settings.endpointDialog.nameHint')}
          onChange={setName}
        />
        <RemarkField
          id="endpoint-remark"
          value={remark}
          onChange={setRemark}
          error={fields?.remark?.[0]}
        />
      </div>
      <ShareFormFooter
        busy={busy}
        failure={fields ? null : failure}
        failed={t('settings.endpointDialog.createFailed')}
        submitLabel={t('settings.endpoints.createEntry')}
      />
    </form>
  );
}

function LinesForm({
  busy,
  failure,
  result,
  onSubmit,
}: {
  busy: boolean;
  failure: Error | null;
  result: CreateEndpointsResult | undefined;
  /** `done` gets the answer: the lines created leave the box, so a second press makes none twice. */
  onSubmit: (
    body: { lines: string; remark: string },
    done: (res: CreateEndpointsResult) => void,
  ) => void;
}) {
  const t = useT();
  const [lines, setLines] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;
  const linesError = error ?? fields?.lines?.[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!lines.trim()) return setError(t('settings.endpointDialog.linesRequired'));
    onSubmit({ lines, remark: remark.trim() }, (res) => setLines(withoutCreated(lines, res)));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        id="endpoint-lines"
        label={t('settings.endpointDialog.lines')}
        error={linesError}
        hint={t('settings.endpointDialog.linesHint', { max: MAX_SINGLE_LINES })}
      >
        <Textarea
          id="endpoint-lines"
          rows={6}
          value={lines}
          spellCheck={false}
          placeholder={LINES_PLACEHOLDER}
          invalid={!!linesError}
          aria-describedby="endpoint-lines-error"
          className="font-mono text-xs sm:text-xs"
          onChange={(e) => {
            setLines(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <RemarkField
        id="lines-remark"
        value={remark}
        onChange={setRemark}
        error={fields?.remark?.[0]}
      />
      {result && result.errors.length > 0 && (
        <Alert tone="warning">
          <p className="font-medium" data-testid="lines-result">
            {result.message}
          </p>
          {result.created.length > 0 && (
            <p className="mt-1">{t('settings.endpointDialog.linesTakenOut')}</p>
          )}
          <ul
            className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5"
            data-testid="lines-errors"
          >
            {result.errors.map((err, i) => (
              <li key={i} className="break-words">
                {err}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ShareFormFooter
        busy={busy}
        failure={fields ? null : failure}
        submitLabel={t('settings.endpointDialog.createEntries')}
        cancelLabel={
          result && result.created.length > 0
            ? t('settings.endpointDialog.close')
            : t('settings.actions.cancel')
        }
      />
    </form>
  );
}

/** The pasted lines without those whose number got an entry (blank lines dropped too). */
function withoutCreated(lines: string, res: CreateEndpointsResult): string {
  const created = new Set(res.created.map((e) => e.phoneNumber));
  return lines
    .split(/\r?\n/)
    .filter((line, i) => {
      if (line.trim() === '') return false;
      const parsed = parseBulkLine(line, i + 1);
      return !(parsed.ok && created.has(parsed.value.phone));
    })
    .join('\n');
}

function RemarkField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <TextField
      id={id}
      label={t('settings.endpointDialog.remarkOptional')}
      value={value}
      maxLength={MAX_REMARK_LENGTH}
      placeholder={DEFAULT_REMARK}
      error={error}
      hint={t('settings.endpointDialog.remarkHint', { remark: DEFAULT_REMARK })}
      onChange={onChange}
    />
  );
}
