import { useState, type FormEvent } from 'react';
import { ClipboardList, ListChecks } from 'lucide-react';
import { toast } from 'sonner';
import type { PickedNumber } from '../../../components/ui/number-picker.tsx';
import { formatPhone } from '../../../../shared/phone.ts';
import {
  DEFAULT_REMARK,
  ENDPOINT_NUMBER_REQUIRED,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  MAX_SINGLE_LINES,
  SINGLE_LINES_REQUIRED,
  defaultEndpointName,
  type CreateEndpointsResult,
} from '../../../../shared/sharing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatCount } from '../../../lib/format.ts';
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
      title="Create Single API Entry"
      description="Each entry gets its own public link showing one number’s latest messages and codes — never its API link."
      busy={busy}
      wide
    >
      <div role="group" aria-label="Create from" className="mb-4 grid grid-cols-2 gap-2 sm:flex">
        <ToggleButton pressed={mode === 'pick'} onClick={() => setMode('pick')}>
          <ListChecks aria-hidden="true" className="size-4" />
          Pick a Number
        </ToggleButton>
        <ToggleButton pressed={mode === 'lines'} onClick={() => setMode('lines')}>
          <ClipboardList aria-hidden="true" className="size-4" />
          Paste Lines
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
                toast.success(`Created ${endpoint.name}`);
              },
            })
          }
        />
      ) : (
        <LinesForm
          busy={busy}
          failure={fromLines.error}
          result={fromLines.data}
          onSubmit={(body) =>
            fromLines.mutate(body, {
              onSuccess: (res) => {
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<PickedNumber | null>(null);
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const numberId = [...selected][0];
    if (!numberId) return setNumberError(ENDPOINT_NUMBER_REQUIRED);
    const trimmed = name.trim();
    onSubmit({ numberId, ...(trimmed ? { name: trimmed } : {}), remark: remark.trim() });
  };

  const shownNumberError = numberError ?? fields?.numberId?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NumberField
        legend="Number"
        label="Number for this entry"
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
          label="Name (optional)"
          value={name}
          maxLength={MAX_SHARE_NAME_LENGTH}
          placeholder={defaultEndpointName(
            picked ? formatPhone(picked.phoneNumber) : '(xxx) xxx-xxxx',
          )}
          error={fields?.name?.[0]}
          hint="Left empty: ‘API for’ and the number."
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
        failed="Failed to create single API entry"
        submitLabel="Create Entry"
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
  onSubmit: (body: { lines: string; remark: string }) => void;
}) {
  const [lines, setLines] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const fields = isApiError(failure) ? failure.fields : undefined;
  const linesError = error ?? fields?.lines?.[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!lines.trim()) return setError(SINGLE_LINES_REQUIRED);
    onSubmit({ lines, remark: remark.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        id="endpoint-lines"
        label="Numbers and API links"
        error={linesError}
        hint={`One number per line with its API link (separated by ----, a tab, | or a space), up to ${formatCount(MAX_SINGLE_LINES)} lines. Each number must already be in your collection.`}
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
        submitLabel="Create Entries"
        cancelLabel={result && result.created.length > 0 ? 'Close' : 'Cancel'}
      />
    </form>
  );
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
  return (
    <TextField
      id={id}
      label="Remark (optional)"
      value={value}
      maxLength={MAX_REMARK_LENGTH}
      placeholder={DEFAULT_REMARK}
      error={error}
      hint={`Left empty: ‘${DEFAULT_REMARK}’.`}
      onChange={onChange}
    />
  );
}
