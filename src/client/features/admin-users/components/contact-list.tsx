import { useMemo, useState } from 'react';
import { CheckCircle2, Inbox, RotateCcw } from 'lucide-react';
import type { ContactMessageDto } from '../../../../shared/admin.ts';
import type { CONTACT_SUBJECTS } from '../../../../shared/contact.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { T, useT, type Translate } from '../../../lib/i18n.tsx';
import { useContactMessages, useSetHandled } from '../api/contact-messages.ts';
import type { ContactStatus } from '../api/keys.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';

/** The contact form's subjects in words (the stored value stays as is). */
const SUBJECT_LABELS = {
  general: 'admin.users.subjectGeneral',
  technical: 'admin.users.subjectTechnical',
  billing: 'admin.users.subjectBilling',
  feature: 'admin.users.subjectFeature',
  partnership: 'admin.users.subjectPartnership',
  other: 'admin.users.subjectOther',
} as const satisfies Record<(typeof CONTACT_SUBJECTS)[number]['value'], MessageId>;

const subjectLabel = (t: Translate, value: string) =>
  Object.hasOwn(SUBJECT_LABELS, value)
    ? t(SUBJECT_LABELS[value as keyof typeof SUBJECT_LABELS])
    : value;

/** The Contact Messages tab: what the public form stored, newest first, with Mark handled. */
export function ContactList({ status }: { status: ContactStatus }) {
  const t = useT();
  const list = useContactMessages(status);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const setHandled = useSetHandled();
  const [failed, setFailed] = useState<{ id: string; text: string } | null>(null);

  if (list.isPending) return <ListSkeleton label={t('admin.users.contactLoading')} />;
  if (list.isError && items.length === 0) {
    return (
      <ListError
        error={list.error}
        fallback={t('admin.users.contactFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <ListEmpty icon={Inbox} title={t('admin.users.noContact')}>
        {status === 'open'
          ? t('admin.users.allHandled')
          : status === 'handled'
            ? t('admin.users.noneHandled')
            : t('admin.users.contactHint')}
      </ListEmpty>
    );
  }

  const toggle = (m: ContactMessageDto) => {
    setFailed(null);
    setHandled.mutate(
      { id: m.id, handled: !m.handledAt },
      {
        onError: (err) =>
          setFailed({ id: m.id, text: errorMessage(err, t('admin.users.contactUpdateFailed')) }),
      },
    );
  };

  return (
    <div className="space-y-3">
      <ul aria-label={t('admin.users.contactList')} className="space-y-3">
        {items.map((m) => (
          <li key={m.id}>
            <Card className="space-y-3 p-4 sm:p-5" data-testid="contact-row">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    {subjectLabel(t, m.subject)}
                    {m.handledAt ? (
                      <Badge tone="green">{t('admin.users.handled')}</Badge>
                    ) : (
                      <Badge tone="amber">{t('admin.users.open')}</Badge>
                    )}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-slate-600">
                    {m.name} ·{' '}
                    <a className="text-brand-700 hover:underline" href={`mailto:${m.email}`}>
                      {m.email}
                    </a>
                  </p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={m.createdAt} title={formatFullTime(m.createdAt)}>
                      {formatMessageTime(m.createdAt)}
                    </time>
                    {m.handledAt && (
                      <>
                        {' · '}
                        <T
                          id={m.handledBy ? 'admin.users.handledAtBy' : 'admin.users.handledAt'}
                          values={{ time: formatMessageTime(m.handledAt), email: m.handledBy }}
                          components={{
                            0: <time dateTime={m.handledAt} title={formatFullTime(m.handledAt)} />,
                          }}
                        />
                      </>
                    )}
                  </p>
                </div>
                <Button
                  variant={m.handledAt ? 'secondary' : 'primary'}
                  size="sm"
                  className="shrink-0 self-start"
                  loading={setHandled.isPending && setHandled.variables.id === m.id}
                  onClick={() => toggle(m)}
                >
                  {m.handledAt ? (
                    <RotateCcw aria-hidden="true" className="size-4" />
                  ) : (
                    <CheckCircle2 aria-hidden="true" className="size-4" />
                  )}
                  {m.handledAt ? t('admin.users.reopen') : t('admin.users.markHandled')}
                </Button>
              </div>
              <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{m.message}</p>
              {failed?.id === m.id && <Alert tone="error">{failed.text}</Alert>}
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore
        list={list}
        failed={t('admin.users.contactMoreFailed')}
        loadingLabel={t('admin.users.contactMoreLoading')}
      />
    </div>
  );
}
