import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_EVENTS,
  DEFAULT_REMINDER_DAYS,
  DIGEST_DAYS,
  type ChannelDto,
  type ChannelEvent,
  type ChannelType,
  type CreateChannelBody,
  type CreatedChannelDto,
  type QuietHours,
  type UpdateChannelBody,
} from '../../../../shared/channels.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogActions, DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import {
  NumberFilter,
  PICK_A_NUMBER,
  TagFilter,
} from '../../../components/ui/endpoint-filters.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { T, t as translate, useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';
import { useCreateChannel, useUpdateChannel } from '../api/save-channel.ts';
import {
  CHANNEL_EVENT_TEXT,
  CHANNEL_TYPE_TEXT,
  formatReminderDays,
  localTimeZone,
  parseReminderDays,
  timeZones,
  zoneName,
} from '../channel-text.ts';
import { ChannelIcon } from './channel-icon.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channel to edit, or null to add one. */
  editing: ChannelDto | null;
  /** A channel was added (a Telegram one's answer carries its link). */
  onCreated: (made: CreatedChannelDto) => void;
  /** Where focus goes once the dialog has closed (it has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
};

/** The types this dialog makes (each with its config fields below). */
const FORM_TYPES = [
  'email',
  'telegram',
  'ntfy',
  'discord',
  'slack',
] as const satisfies readonly ChannelType[];
const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';
/** What a Discord or Slack incoming webhook's address looks like (an address: not translated). */
const HOOK_URL_EXAMPLES = {
  discord: 'https://discord.com/api/webhooks/…',
  slack: 'https://hooks.slack.com/services/…',
};
const DEFAULT_EVENTS: ChannelEvent[] = ['code.received', 'number.expiring'];
const EVENT_HINTS: Record<ChannelEvent, MessageId> = {
  'code.received': 'settings.channelDialog.hintCodeReceived',
  'number.failing': 'settings.channelDialog.hintNumberFailing',
  'number.recovered': 'settings.channelDialog.hintNumberRecovered',
  'number.expiring': 'settings.channelDialog.hintNumberExpiring',
  'number.dead': 'settings.channelDialog.hintNumberDead',
  'expiry.digest': 'settings.channelDialog.hintExpiryDigest',
};

const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
const sameQuiet = (a: QuietHours | null, b: QuietHours | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.start === b.start &&
    a.end === b.end &&
    a.timeZone === b.timeZone &&
    a.codes === b.codes);

/** What the form hands back: a create body (the type's whole config, the rules). */
type Values = {
  type: ChannelType;
  config: Record<string, unknown>;
  /** ntfy: the token field was changed (typed, or the saved one removed). */
  tokenChanged: boolean;
  events: ChannelEvent[];
  numberIds: string[];
  tagIds: string[];
  quietHours: QuietHours | null;
  /** Sent only with number.expiring. */
  reminderDays: number[] | undefined;
};

/** Add or edit a notification channel: its type and config, events, filters and quiet hours. */
export function ChannelDialog({ open, onOpenChange, editing, onCreated, onCloseAutoFocus }: Props) {
  const t = useT();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const busy = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  const save = (v: Values) => {
    if (!editing) {
      const body = {
        type: v.type,
        config: v.config,
        events: v.events,
        numberIds: v.numberIds,
        tagIds: v.tagIds,
        ...(v.quietHours ? { quietHours: v.quietHours } : {}),
        ...(v.reminderDays ? { reminderDays: v.reminderDays } : {}),
      } as CreateChannelBody;
      create.mutate(body, {
        onSuccess: (made) => {
          // A Telegram link goes to the card's state only: not kept in the mutation's cache.
          create.reset();
          close();
          onCreated(made);
        },
      });
      return;
    }
    const changes: UpdateChannelBody = {};
    const config = editing.config;
    if ('topic' in config) {
      if (
        v.tokenChanged ||
        v.config.serverUrl !== config.serverUrl ||
        v.config.topic !== config.topic
      )
        changes.config = v.config;
    } else if ('webhookUrl' in config) {
      if (v.config.webhookUrl !== config.webhookUrl) changes.config = v.config;
    }
    if (!sameSet(v.events, editing.events)) changes.events = v.events;
    if (!sameSet(v.numberIds, editing.numberIds)) changes.numberIds = v.numberIds;
    if (!sameSet(v.tagIds, editing.tagIds)) changes.tagIds = v.tagIds;
    if (!sameQuiet(v.quietHours, editing.quietHours)) changes.quietHours = v.quietHours;
    if (v.reminderDays && !sameSet(v.reminderDays, editing.reminderDays))
      changes.reminderDays = v.reminderDays;
    if (Object.keys(changes).length === 0) return close();
    update.mutate(
      { id: editing.id, changes },
      {
        onSuccess: () => {
          close();
          toast.success(translate('settings.channelDialog.saved'));
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o) return onOpenChange(true);
        create.reset();
        update.reset();
        close();
      }}
      title={editing ? t('settings.channelDialog.editTitle') : t('settings.channels.add')}
      description={t('settings.channelDialog.description')}
      busy={busy}
      wide
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ChannelForm
        key={editing?.id ?? 'new'}
        initial={editing}
        busy={busy}
        failure={editing ? update.error : create.error}
        submitLabel={editing ? t('settings.actions.save') : t('settings.channels.add')}
        onSubmit={save}
      />
    </FormDialog>
  );
}

/** Field errors whose field is on the form; the rest are shown above the buttons. */
const PLACED = [
  'config.serverUrl',
  'config.topic',
  'config.token',
  'config.webhookUrl',
  'events',
  'reminderDays',
  'numberIds',
  'tagIds',
  'quietHours.start',
  'quietHours.end',
  'quietHours.timeZone',
];
const placed = (key: string) => PLACED.some((p) => key === p || key.startsWith(`${p}.`));

function ChannelForm({
  initial,
  busy,
  failure,
  submitLabel,
  onSubmit,
}: {
  initial: ChannelDto | null;
  busy: boolean;
  failure: Error | null;
  submitLabel: string;
  onSubmit: (values: Values) => void;
}) {
  const t = useT();
  const me = useMe();
  const config = initial?.config;
  const [type, setType] = useState<ChannelType>(initial?.type ?? 'email');
  const [serverUrl, setServerUrl] = useState(
    config && 'serverUrl' in config ? config.serverUrl : DEFAULT_NTFY_SERVER,
  );
  const [topic, setTopic] = useState(config && 'topic' in config ? config.topic : '');
  const [token, setToken] = useState('');
  const hasToken = !!config && 'hasToken' in config && config.hasToken;
  const [removeToken, setRemoveToken] = useState(false);
  const [webhookUrl, setWebhookUrl] = useState(
    config && 'webhookUrl' in config ? config.webhookUrl : '',
  );
  const [events, setEvents] = useState<ChannelEvent[]>(initial?.events ?? DEFAULT_EVENTS);
  const [reminders, setReminders] = useState(
    formatReminderDays(initial?.reminderDays ?? DEFAULT_REMINDER_DAYS),
  );
  const [someNumbers, setSomeNumbers] = useState((initial?.numberIds.length ?? 0) > 0);
  const [numbers, setNumbers] = useState<ReadonlySet<string>>(
    () => new Set(initial?.numberIds ?? []),
  );
  const [noNumbers, setNoNumbers] = useState(false);
  const [tagIds, setTagIds] = useState<string[]>(initial?.tagIds ?? []);
  const quietInitial = initial?.quietHours ?? null;
  const [quiet, setQuiet] = useState(quietInitial !== null);
  const [quietStart, setQuietStart] = useState(quietInitial?.start ?? '22:00');
  const [quietEnd, setQuietEnd] = useState(quietInitial?.end ?? '07:00');
  const [timeZone, setTimeZone] = useState(() => quietInitial?.timeZone ?? localTimeZone());
  const [quietCodes, setQuietCodes] = useState(quietInitial?.codes ?? true);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);

  const fields = isApiError(failure) ? (failure.fields ?? {}) : {};
  const fieldError = (f: string) =>
    fields[f]?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith(`${f}.`))?.[1][0];
  const hook = type === 'discord' || type === 'slack';
  const webhookUrlError = fieldError('config.webhookUrl');
  const unplaced = Object.entries(fields)
    .filter(([k]) => !placed(k))
    .map(([, messages]) => messages[0]);
  const otherError =
    failure && Object.keys(fields).length === 0
      ? errorMessage(failure, t('settings.channelDialog.saveFailed'))
      : unplaced.length > 0
        ? unplaced.join(' ')
        : null;
  const expiring = events.includes('number.expiring');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (someNumbers && numbers.size === 0) return setNoNumbers(true);
    const typed = token.trim();
    const tokenChanged = typed !== '' || removeToken;
    const config =
      type === 'ntfy'
        ? {
            serverUrl: serverUrl.trim(),
            topic: topic.trim(),
            ...(typed ? { token: typed } : removeToken ? { token: null } : {}),
          }
        : hook
          ? { webhookUrl: webhookUrl.trim() }
          : {};
    onSubmit({
      type,
      config,
      tokenChanged,
      events,
      numberIds: someNumbers ? [...numbers] : [],
      tagIds,
      quietHours: quiet ? { start: quietStart, end: quietEnd, timeZone, codes: quietCodes } : null,
      // Sent as typed (the server says what is wrong with it) when its field is shown.
      reminderDays: expiring ? parseReminderDays(reminders) : undefined,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={submitLabel}>
      {initial ? (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <span className="font-medium">{t('settings.channelDialog.type')}</span>
          <span className="inline-flex items-center gap-1.5 rounded-lg bg-slate-100 px-2.5 py-1">
            <ChannelIcon type={type} />
            {t(CHANNEL_TYPE_TEXT[type])}
          </span>
        </p>
      ) : (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('settings.channelDialog.type')}
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            {FORM_TYPES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500"
              >
                <input
                  type="radio"
                  name="channel-type"
                  value={option}
                  checked={type === option}
                  onChange={() => setType(option)}
                  autoFocus={type === option}
                  className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
                />
                <ChannelIcon type={option} className="shrink-0" />
                {t(CHANNEL_TYPE_TEXT[option])}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {type === 'email' && (
        <p className="text-sm text-slate-600">
          {me.data?.email ? (
            <T
              id="settings.channelDialog.emailTo"
              values={{ email: me.data.email }}
              components={{ 0: <span className="font-medium break-all text-slate-800" /> }}
            />
          ) : (
            t('settings.channelDialog.emailToAccount')
          )}
        </p>
      )}
      {type === 'telegram' && (
        <p className="text-sm text-slate-600">
          {initial
            ? t('settings.channelDialog.telegramLinked')
            : t('settings.channelDialog.telegramHowTo')}
        </p>
      )}
      {type === 'ntfy' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="channel-ntfy-server"
            label={t('settings.channelDialog.serverUrl')}
            error={fieldError('config.serverUrl')}
            hint={t('settings.channelDialog.serverUrlHint')}
          >
            <Input
              id="channel-ntfy-server"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={serverUrl}
              onChange={(e) => setServerUrl(e.target.value)}
              invalid={!!fieldError('config.serverUrl')}
              aria-describedby="channel-ntfy-server-error"
              className="font-mono"
              autoFocus={!!initial}
            />
          </FormField>
          <FormField
            id="channel-ntfy-topic"
            label={t('settings.channelDialog.topic')}
            error={fieldError('config.topic')}
            hint={t('settings.channelDialog.topicHint')}
          >
            <Input
              id="channel-ntfy-topic"
              autoComplete="off"
              spellCheck={false}
              value={topic}
              onChange={(e) => setTopic(e.target.value)}
              invalid={!!fieldError('config.topic')}
              aria-describedby="channel-ntfy-topic-error"
              className="font-mono"
            />
          </FormField>
          <div className="space-y-2 sm:col-span-2">
            <FormField
              id="channel-ntfy-token"
              label={t('settings.channelDialog.token')}
              error={fieldError('config.token')}
              hint={
                hasToken
                  ? t('settings.channelDialog.tokenReplaceHint')
                  : t('settings.channelDialog.tokenHint')
              }
            >
              <Input
                id="channel-ntfy-token"
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                value={token}
                onChange={(e) => setToken(e.target.value)}
                invalid={!!fieldError('config.token')}
                aria-describedby="channel-ntfy-token-error"
                disabled={removeToken}
                placeholder={hasToken ? t('settings.channelDialog.tokenSavedPlaceholder') : ''}
                className="font-mono"
              />
            </FormField>
            {hasToken && (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <span className="text-slate-700" data-testid="ntfy-token-saved">
                  {t('settings.channelDialog.tokenSaved')}
                </span>
                <label className="inline-flex cursor-pointer items-center gap-2">
                  <Checkbox
                    checked={removeToken}
                    onChange={(e) => {
                      setRemoveToken(e.target.checked);
                      if (e.target.checked) setToken('');
                    }}
                  />
                  {t('settings.channelDialog.removeToken')}
                </label>
              </div>
            )}
          </div>
        </div>
      )}
      {hook && (
        <FormField
          id="channel-webhook-url"
          label={t('settings.channelDialog.webhookUrl')}
          error={webhookUrlError}
          hint={
            type === 'discord'
              ? t('settings.channelDialog.discordHint')
              : t('settings.channelDialog.slackHint')
          }
        >
          <Input
            id="channel-webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.target.value)}
            invalid={!!webhookUrlError}
            aria-describedby="channel-webhook-url-error"
            placeholder={type === 'discord' ? HOOK_URL_EXAMPLES.discord : HOOK_URL_EXAMPLES.slack}
            className="font-mono"
            autoFocus={!!initial}
          />
        </FormField>
      )}

      <fieldset className="space-y-2" aria-describedby="channel-events-error">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          {t('settings.labels.events')}
        </legend>
        {CHANNEL_EVENTS.map((ev) => (
          <div key={ev} className="space-y-2">
            <label className="flex cursor-pointer items-start gap-2 text-sm">
              <Checkbox
                className="mt-0.5"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents((cur) =>
                    e.target.checked
                      ? CHANNEL_EVENTS.filter((x) => x === ev || cur.includes(x))
                      : cur.filter((x) => x !== ev),
                  )
                }
              />
              <span>
                <span className="font-medium text-slate-900">{t(CHANNEL_EVENT_TEXT[ev])}</span>
                <span className="block text-xs text-slate-600">
                  {t(EVENT_HINTS[ev], { days: DIGEST_DAYS })}
                </span>
              </span>
            </label>
            {ev === 'number.expiring' && expiring && (
              <div className="ml-6 max-w-sm pb-1">
                <FormField
                  id="channel-reminder-days"
                  label={t('settings.channelDialog.remindMe')}
                  error={fieldError('reminderDays')}
                  hint={t('settings.channelDialog.remindMeHint')}
                >
                  <Input
                    id="channel-reminder-days"
                    autoComplete="off"
                    value={reminders}
                    onChange={(e) => setReminders(e.target.value)}
                    invalid={!!fieldError('reminderDays')}
                    aria-describedby="channel-reminder-days-error"
                    placeholder={formatReminderDays(DEFAULT_REMINDER_DAYS)}
                  />
                </FormField>
              </div>
            )}
          </div>
        ))}
        <p
          id="channel-events-error"
          className="text-sm text-red-700 empty:hidden"
          aria-live="polite"
        >
          {fieldError('events') ?? ''}
        </p>
      </fieldset>

      <NumberFilter
        idPrefix="channel"
        noun="channel"
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
        error={noNumbers ? PICK_A_NUMBER : fieldError('numberIds')}
      />

      <TagFilter
        idPrefix="channel"
        selected={tagIds}
        onChange={setTagIds}
        error={fieldError('tagIds')}
      />

      <fieldset className="space-y-3">
        <legend className="sr-only">{t('settings.channels.quietHours')}</legend>
        <label className="flex cursor-pointer items-start gap-2 text-sm">
          <Checkbox
            className="mt-0.5"
            checked={quiet}
            onChange={(e) => setQuiet(e.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">{t('settings.channels.quietHours')}</span>
            <span className="block text-xs text-slate-600">
              {t('settings.channelDialog.quietHoursHint')}
            </span>
          </span>
        </label>
        {quiet && (
          <div className="ml-6 space-y-3">
            <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
              <FormField
                id="channel-quiet-start"
                label={t('settings.channelDialog.from')}
                error={fieldError('quietHours.start')}
              >
                <Input
                  id="channel-quiet-start"
                  type="time"
                  value={quietStart}
                  onChange={(e) => setQuietStart(e.target.value)}
                  invalid={!!fieldError('quietHours.start')}
                  aria-describedby="channel-quiet-start-error"
                />
              </FormField>
              <FormField
                id="channel-quiet-end"
                label={t('settings.channelDialog.to')}
                error={fieldError('quietHours.end')}
              >
                <Input
                  id="channel-quiet-end"
                  type="time"
                  value={quietEnd}
                  onChange={(e) => setQuietEnd(e.target.value)}
                  invalid={!!fieldError('quietHours.end')}
                  aria-describedby="channel-quiet-end-error"
                />
              </FormField>
            </div>
            <div className="sm:max-w-sm">
              <FormField
                id="channel-quiet-zone"
                label={t('settings.channelDialog.timeZone')}
                error={fieldError('quietHours.timeZone')}
              >
                <Select
                  id="channel-quiet-zone"
                  value={timeZone}
                  onChange={(e) => setTimeZone(e.target.value)}
                  invalid={!!fieldError('quietHours.timeZone')}
                  aria-describedby="channel-quiet-zone-error"
                >
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {zoneName(z)}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox checked={quietCodes} onChange={(e) => setQuietCodes(e.target.checked)} />
              {t('settings.channelDialog.codesAnyway')}
            </label>
          </div>
        )}
      </fieldset>

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
