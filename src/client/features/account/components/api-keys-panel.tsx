import { useState, type FormEvent } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import {
  API_KEY_SCOPES,
  MAX_API_KEY_NAME_LENGTH,
  SCOPE_DESCRIPTIONS,
  type ApiKeyDto,
  type ApiKeyScope,
} from '../../../../shared/api-keys.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

const DAY_MS = 86_400_000;
const EXPIRIES = [
  { value: 'never', label: 'Never', days: 0 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
];

/** Settings → API keys: keys for scripts, each shown once when made, revocable at once. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card className="space-y-4 p-4 sm:p-6" role="region" aria-labelledby="api-keys-heading">
      <div>
        <h2 id="api-keys-heading" className="text-lg font-semibold text-slate-900">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Use a key as <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>{' '}
          in scripts. Keys never work on admin pages.
        </p>
      </div>

      {shown && (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
          data-testid="new-api-key"
        >
          <p className="text-sm font-medium text-amber-900">
            Copy this key now. You will not see it again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
              {shown.key}
            </code>
            <CopyButton text={shown.key} label={`Copy the key ${shown.name}`} />
          </div>
          <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
            Done
          </Button>
        </div>
      )}

      {keys.isPending ? (
        <ul aria-label="Loading API keys" className="divide-y divide-slate-100">
          {[0, 1].map((i) => (
            <li key={i} className="space-y-2 py-3">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </li>
          ))}
        </ul>
      ) : keys.isError ? (
        <RetryAlert
          error={keys.error}
          fallback="Your API keys could not be loaded."
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-slate-600">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-slate-100">
          {keys.data.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
          ))}
        </ul>
      )}

      {notice && <Alert tone="success">{notice}</Alert>}

      {creating ? (
        <CreateKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(name, key) => {
            setCreating(false);
            setNotice(null);
            setShown({ name, key });
          }}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Create API key
        </Button>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null);
            revoke.reset();
          }
        }}
        title="Revoke API key"
        description={`Revoke "${revoking?.name ?? ''}"? Scripts using it are refused from their next request.`}
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onConfirm={() => {
          const k = revoking;
          if (!k) return;
          revoke.mutate(k.id, {
            onSuccess: () => {
              setRevoking(null);
              setNotice(`Revoked ${k.name}.`);
            },
          });
        }}
      >
        {revoke.isError && (
          <Alert tone="error">{errorMessage(revoke.error, 'The key could not be revoked.')}</Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function When({ at, never }: { at: string | null; never: string }) {
  if (!at) return <>{never}</>;
  return (
    <time dateTime={at} title={formatFullTime(at)}>
      {formatMessageTime(at)}
    </time>
  );
}

function KeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const now = useNow();
  const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= now.getTime();
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3" data-testid="api-key-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <KeyRound aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-all">{k.name}</span>
          <code className="font-mono text-xs text-slate-600">{k.prefix}…</code>
        </p>
        <p className="flex flex-wrap gap-1">
          {k.scopes.map((s) => (
            <Badge key={s}>{s}</Badge>
          ))}
        </p>
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
          <span>
            Created <When at={k.createdAt} never="" />
          </span>
          <span>
            Last used <When at={k.lastUsedAt} never="Never" />
          </span>
          <span className={expired ? 'font-medium text-red-700' : undefined}>
            {expired ? (
              'Expired'
            ) : (
              <>
                Expires <When at={k.expiresAt} never="Never" />
              </>
            )}
          </span>
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={`Revoke ${k.name}`}>
        Revoke
      </Button>
    </li>
  );
}

function CreateKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (name: string, key: string) => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('never');
  const fields = isApiError(create.error) ? (create.error.fields ?? {}) : {};
  const fieldError = (f: string) =>
    fields[f]?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith(`${f}.`))?.[1][0];
  const otherError =
    create.isError && Object.keys(fields).length === 0
      ? errorMessage(create.error, 'The key could not be created.')
      : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const days = EXPIRIES.find((x) => x.value === expiry)?.days ?? 0;
    create.mutate(
      {
        name,
        scopes,
        ...(days ? { expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() } : {}),
      },
      {
        onSuccess: (made) => {
          // The key lives in the shown-once box only: not in the mutation's cache.
          create.reset();
          onCreated(made.name, made.key);
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4"
      aria-label="Create API key"
    >
      <FormField id="api-key-name" label="Name" error={fieldError('name')}>
        <Input
          id="api-key-name"
          value={name}
          maxLength={MAX_API_KEY_NAME_LENGTH}
          onChange={(e) => setName(e.target.value)}
          invalid={!!fieldError('name')}
          aria-describedby="api-key-name-error"
          placeholder="Sign-up script"
          autoFocus
        />
      </FormField>
      <fieldset className="space-y-2" aria-describedby="api-key-scopes-error">
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        {API_KEY_SCOPES.map((s) => (
          <label key={s} className="flex items-start gap-2 text-sm">
            <Checkbox
              className="mt-0.5"
              checked={scopes.includes(s)}
              onChange={(e) =>
                setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))
              }
            />
            <span>
              <span className="font-mono text-xs text-slate-900">{s}</span>
              <span className="block text-xs text-slate-600">{SCOPE_DESCRIPTIONS[s]}</span>
            </span>
          </label>
        ))}
        <p
          id="api-key-scopes-error"
          className="text-sm text-red-700 empty:hidden"
          aria-live="polite"
        >
          {fieldError('scopes') ?? ''}
        </p>
      </fieldset>
      <FormField id="api-key-expiry" label="Expires" error={fieldError('expiresAt')}>
        <Select
          id="api-key-expiry"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          aria-describedby="api-key-expiry-error"
        >
          {EXPIRIES.map((x) => (
            <option key={x.value} value={x.value}>
              {x.label}
            </option>
          ))}
        </Select>
      </FormField>
      {otherError && <Alert tone="error">{otherError}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
