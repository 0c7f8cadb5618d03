import { useState, type FormEvent } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import {
  API_KEY_SCOPES,
  MAX_API_KEY_NAME_LENGTH,
  type ApiKeyDto,
  type ApiKeyScope,
} from '../../../../shared/api-keys.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
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
import { T, useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

const DAY_MS = 86_400_000;
const EXPIRIES = [
  { value: 'never', label: 'settings.apiKeys.never', days: 0 },
  { value: '30', label: 'settings.apiKeys.days30', days: 30 },
  { value: '90', label: 'settings.apiKeys.days90', days: 90 },
  { value: '365', label: 'settings.apiKeys.year1', days: 365 },
] satisfies { value: string; label: MessageId; days: number }[];

/** How a script sends a key (the same in every language). */
const AUTH_HEADER = 'Authorization: Bearer <key>';

/** What each scope allows. */
const SCOPE_TEXT: Record<ApiKeyScope, MessageId> = {
  'numbers:read': 'settings.apiKeys.scopeNumbersRead',
  'numbers:write': 'settings.apiKeys.scopeNumbersWrite',
  'messages:read': 'settings.apiKeys.scopeMessagesRead',
  'sharing:read': 'settings.apiKeys.scopeSharingRead',
  'sharing:write': 'settings.apiKeys.scopeSharingWrite',
  'webhooks:read': 'settings.apiKeys.scopeWebhooksRead',
  'webhooks:write': 'settings.apiKeys.scopeWebhooksWrite',
  'channels:read': 'settings.apiKeys.scopeChannelsRead',
  'channels:write': 'settings.apiKeys.scopeChannelsWrite',
};

/** Settings → API keys: keys for scripts, each shown once when made, revocable at once. */
export function ApiKeysPanel() {
  const t = useT();
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
          {t('settings.apiKeys.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <T
            id="settings.apiKeys.description"
            components={{ 0: <code className="font-mono text-xs">{AUTH_HEADER}</code> }}
          />
        </p>
      </div>

      {shown && (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
          data-testid="new-api-key"
        >
          <p className="text-sm font-medium text-amber-900">{t('settings.apiKeys.copyNow')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
              {shown.key}
            </code>
            <CopyButton
              text={shown.key}
              label={t('settings.apiKeys.copyKey', { name: shown.name })}
            />
          </div>
          <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
            {t('settings.actions.done')}
          </Button>
        </div>
      )}

      {keys.isPending ? (
        <ul aria-label={t('settings.apiKeys.loading')} className="divide-y divide-slate-100">
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
          fallback={t('settings.apiKeys.loadFailed')}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.apiKeys.empty')}</p>
      ) : (
        <ul aria-label={t('settings.apiKeys.title')} className="divide-y divide-slate-100">
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
          {t('settings.apiKeys.create')}
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
        title={t('settings.apiKeys.revokeTitle')}
        description={t('settings.apiKeys.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.apiKeys.revokeKey')}
        loading={revoke.isPending}
        onConfirm={() => {
          const k = revoking;
          if (!k) return;
          revoke.mutate(k.id, {
            onSuccess: () => {
              setRevoking(null);
              setNotice(t('settings.apiKeys.revoked', { name: k.name }));
            },
          });
        }}
      >
        {revoke.isError && (
          <Alert tone="error">
            {errorMessage(revoke.error, t('settings.apiKeys.revokeFailed'))}
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}

/** 'Created Mar 5, 3:04 PM': `id`'s text around the time (its full form on hover). */
function When({ id, at }: { id: MessageId; at: string }) {
  return (
    <T
      id={id}
      values={{ time: formatMessageTime(at) }}
      components={{ 0: <time dateTime={at} title={formatFullTime(at)} /> }}
    />
  );
}

function KeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const t = useT();
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
            <When id="settings.apiKeys.createdAt" at={k.createdAt} />
          </span>
          <span>
            {k.lastUsedAt ? (
              <When id="settings.apiKeys.lastUsedAt" at={k.lastUsedAt} />
            ) : (
              t('settings.apiKeys.neverUsed')
            )}
          </span>
          <span className={expired ? 'font-medium text-red-700' : undefined}>
            {expired ? (
              t('settings.apiKeys.expired')
            ) : k.expiresAt ? (
              <When id="settings.apiKeys.expiresAt" at={k.expiresAt} />
            ) : (
              t('settings.apiKeys.neverExpires')
            )}
          </span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRevoke}
        aria-label={t('settings.apiKeys.revokeOf', { name: k.name })}
      >
        {t('settings.apiKeys.revoke')}
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
  const t = useT();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('never');
  const fields = isApiError(create.error) ? (create.error.fields ?? {}) : {};
  const fieldError = (f: string) =>
    fields[f]?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith(`${f}.`))?.[1][0];
  const otherError =
    create.isError && Object.keys(fields).length === 0
      ? errorMessage(create.error, t('settings.apiKeys.createFailed'))
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
      aria-label={t('settings.apiKeys.create')}
    >
      <FormField id="api-key-name" label={t('settings.apiKeys.name')} error={fieldError('name')}>
        <Input
          id="api-key-name"
          value={name}
          maxLength={MAX_API_KEY_NAME_LENGTH}
          onChange={(e) => setName(e.target.value)}
          invalid={!!fieldError('name')}
          aria-describedby="api-key-name-error"
          placeholder={t('settings.apiKeys.namePlaceholder')}
          autoFocus
        />
      </FormField>
      <fieldset className="space-y-2" aria-describedby="api-key-scopes-error">
        <legend className="text-sm font-medium text-slate-800">
          {t('settings.apiKeys.scopes')}
        </legend>
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
              <span className="block text-xs text-slate-600">{t(SCOPE_TEXT[s])}</span>
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
      <FormField
        id="api-key-expiry"
        label={t('settings.apiKeys.expiry')}
        error={fieldError('expiresAt')}
      >
        <Select
          id="api-key-expiry"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          aria-describedby="api-key-expiry-error"
        >
          {EXPIRIES.map((x) => (
            <option key={x.value} value={x.value}>
              {t(x.label)}
            </option>
          ))}
        </Select>
      </FormField>
      {otherError && <Alert tone="error">{otherError}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending}>
          {t('settings.apiKeys.createKey')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('settings.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
