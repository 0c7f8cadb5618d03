import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import {
  DEFAULT_EXPIRING_DAYS,
  MAX_EXPIRING_DAYS,
  WEBHOOK_EVENTS,
  type UpdateWebhookBody,
  type WebhookDto,
} from '../../../../shared/webhooks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogActions, DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  NumberFilter,
  PICK_A_NUMBER,
  TagFilter,
} from '../../../components/ui/endpoint-filters.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { useCreateWebhook, useUpdateWebhook } from '../api/save-webhook.ts';

type Event = (typeof WEBHOOK_EVENTS)[number];
type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The webhook to edit, or null to add one. */
  editing: WebhookDto | null;
  /** A webhook was added: its id and secret (to show once). */
  onCreated: (id: string, secret: string) => void;
};

/** An address a webhook may have (not translated). */
const URL_EXAMPLE = 'https://example.com/hooks/codes';

/** What each event is sent for (the events keep their names: a receiver reads them). */
const EVENT_TEXT: Record<Event, MessageId> = {
  'code.received': 'settings.webhookEvents.codeReceived',
  'message.received': 'settings.webhookEvents.messageReceived',
  'number.failing': 'settings.webhookEvents.numberFailing',
  'number.recovered': 'settings.webhookEvents.numberRecovered',
  'number.expiring': 'settings.webhookEvents.numberExpiring',
  'number.dead': 'settings.webhookEvents.numberDead',
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** Add or edit a webhook: URL, events, the number and tag filters, and Enabled. */
export function WebhookDialog({ open, onOpenChange, editing, onCreated }: Props) {
  const t = useT();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const busy = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o) return onOpenChange(true);
        create.reset();
        update.reset();
        close();
      }}
      title={editing ? t('settings.webhookDialog.editTitle') : t('settings.webhooks.add')}
      description={t('settings.webhookDialog.description')}
      busy={busy}
      wide
    >
      <WebhookForm
        key={editing?.id ?? 'new'}
        initial={editing}
        busy={busy}
        failure={editing ? update.error : create.error}
        submitLabel={editing ? t('settings.actions.save') : t('settings.webhooks.add')}
        onSubmit={(body) => {
          if (!editing) {
            create.mutate(body, {
              onSuccess: (made) => {
                // The secret goes to the shown-once box only: not kept in the mutation's cache.
                create.reset();
                close();
                onCreated(made.id, made.secret);
              },
            });
            return;
          }
          const changes: UpdateWebhookBody = {};
          if (body.url !== editing.url) changes.url = body.url;
          if (!sameSet(body.events, editing.events)) changes.events = body.events;
          if (!sameSet(body.numberIds, editing.numberIds)) changes.numberIds = body.numberIds;
          if (!sameSet(body.tagIds, editing.tagIds)) changes.tagIds = body.tagIds;
          if (body.enabled !== editing.enabled) changes.enabled = body.enabled;
          if (body.expiringDays !== editing.expiringDays) changes.expiringDays = body.expiringDays;
          if (Object.keys(changes).length === 0) return close();
          update.mutate(
            { id: editing.id, changes },
            {
              onSuccess: () => {
                close();
                toast.success(translate('settings.webhookDialog.saved'));
              },
            },
          );
        }}
      />
    </FormDialog>
  );
}

type Body = {
  url: string;
  events: Event[];
  numberIds: string[];
  tagIds: string[];
  enabled: boolean;
  expiringDays: number;
};

function WebhookForm({
  initial,
  busy,
  failure,
  submitLabel,
  onSubmit,
}: {
  initial: WebhookDto | null;
  busy: boolean;
  failure: Error | null;
  submitLabel: string;
  onSubmit: (body: Body) => void;
}) {
  const t = useT();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<Event[]>(initial?.events ?? ['code.received']);
  const [someNumbers, setSomeNumbers] = useState((initial?.numberIds.length ?? 0) > 0);
  const [numbers, setNumbers] = useState<ReadonlySet<string>>(
    () => new Set(initial?.numberIds ?? []),
  );
  const [tagIds, setTagIds] = useState<string[]>(initial?.tagIds ?? []);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [expiringDays, setExpiringDays] = useState(
    String(initial?.expiringDays ?? DEFAULT_EXPIRING_DAYS),
  );
  const [noNumbers, setNoNumbers] = useState(false);
  const fields = isApiError(failure) ? (failure.fields ?? {}) : {};
  const fieldError = (f: string) =>
    fields[f]?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith(`${f}.`))?.[1][0];
  const numbersError = fieldError('numberIds');
  const otherError =
    failure && Object.keys(fields).length === 0
      ? errorMessage(failure, t('settings.webhookDialog.saveFailed'))
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (someNumbers && numbers.size === 0) return setNoNumbers(true);
    onSubmit({
      url: url.trim(),
      events,
      numberIds: someNumbers ? [...numbers] : [],
      tagIds,
      enabled,
      // Sent as typed (the server says what is wrong with it) when its field is shown.
      expiringDays: events.includes('number.expiring')
        ? Number(expiringDays.trim() || NaN)
        : (initial?.expiringDays ?? DEFAULT_EXPIRING_DAYS),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={submitLabel}>
      <FormField
        id="webhook-url"
        label={t('settings.webhookDialog.url')}
        error={fieldError('url')}
        hint={t('settings.webhookDialog.urlHint')}
      >
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          invalid={!!fieldError('url')}
          aria-describedby="webhook-url-error"
          placeholder={URL_EXAMPLE}
          className="font-mono"
          autoFocus
        />
      </FormField>

      <fieldset className="space-y-2" aria-describedby="webhook-events-error">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          {t('settings.labels.events')}
        </legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev} className="flex cursor-pointer items-start gap-2 text-sm">
            <Checkbox
              className="mt-0.5"
              checked={events.includes(ev)}
              onChange={(e) =>
                setEvents((cur) =>
                  e.target.checked
                    ? WEBHOOK_EVENTS.filter((x) => x === ev || cur.includes(x))
                    : cur.filter((x) => x !== ev),
                )
              }
            />
            <span>
              <span className="font-mono text-xs text-slate-900">{ev}</span>
              <span className="block text-xs text-slate-600">{t(EVENT_TEXT[ev])}</span>
            </span>
          </label>
        ))}
        {events.includes('number.expiring') && (
          <div className="ml-6 max-w-sm">
            <FormField
              id="webhook-expiring-days"
              label={t('settings.webhookDialog.expiringDays')}
              error={fieldError('expiringDays')}
              hint={t('settings.webhookDialog.expiringDaysHint', { max: MAX_EXPIRING_DAYS })}
            >
              <div className="w-28">
                <Input
                  id="webhook-expiring-days"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_EXPIRING_DAYS}
                  value={expiringDays}
                  onChange={(e) => setExpiringDays(e.target.value)}
                  invalid={!!fieldError('expiringDays')}
                  aria-describedby="webhook-expiring-days-error"
                />
              </div>
            </FormField>
          </div>
        )}
        <p
          id="webhook-events-error"
          className="text-sm text-red-700 empty:hidden"
          aria-live="polite"
        >
          {fieldError('events') ?? ''}
        </p>
      </fieldset>

      <NumberFilter
        idPrefix="webhook"
        noun="webhook"
        some={someNumbers}
        onSomeChange={(some) => {
          setSomeNumbers(some);
          if (!some) setNoNumbers(false);
        }}
        selected={numbers}
        onChange={(next) => {
          setNumbers(next);
          setNoNumbers(false);
        }}
        error={noNumbers ? PICK_A_NUMBER : numbersError}
      />

      <TagFilter
        idPrefix="webhook"
        selected={tagIds}
        onChange={setTagIds}
        error={fieldError('tagIds')}
      />

      <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-2.5">
        <div>
          <p className="text-sm font-medium text-slate-800">{t('settings.webhooks.enabled')}</p>
          <p className="text-xs text-slate-600">{t('settings.webhookDialog.disabledHint')}</p>
        </div>
        <Switch checked={enabled} onChange={setEnabled} label={t('settings.webhooks.enabled')} />
      </div>

      {otherError && <Alert tone="error">{otherError}</Alert>}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            {t('settings.actions.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
