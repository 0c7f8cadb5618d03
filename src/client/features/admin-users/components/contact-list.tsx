import { useMemo, useState } from 'react';
import { CheckCircle2, Inbox, RotateCcw } from 'lucide-react';
import { CONTACT_SUBJECTS } from '../../../../shared/contact.ts';
import type { ContactMessageDto } from '../../../../shared/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { useContactMessages, useSetHandled } from '../api/contact-messages.ts';
import type { ContactStatus } from '../api/keys.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';

const subjectLabel = (value: string) =>
  CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;

/** The Contact Messages tab: what the public form stored, newest first, with Mark handled. */
export function ContactList({ status }: { status: ContactStatus }) {
  const list = useContactMessages(status);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const setHandled = useSetHandled();
  const [failed, setFailed] = useState<{ id: string; text: string } | null>(null);

  if (list.isPending) return <ListSkeleton label="Loading contact messages" />;
  if (list.isError && items.length === 0) {
    return (
      <ListError
        error={list.error}
        fallback="The contact messages could not be loaded."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <ListEmpty icon={Inbox} title="No contact messages found">
        {status === 'open'
          ? 'Every message has been handled.'
          : status === 'handled'
            ? 'No message has been marked handled yet.'
            : 'Messages sent with the contact form appear here.'}
      </ListEmpty>
    );
  }

  const toggle = (m: ContactMessageDto) => {
    setFailed(null);
    setHandled.mutate(
      { id: m.id, handled: !m.handledAt },
      {
        onError: (err) =>
          setFailed({ id: m.id, text: errorMessage(err, 'The message could not be updated.') }),
      },
    );
  };

  return (
    <div className="space-y-3">
      <ul aria-label="Contact messages" className="space-y-3">
        {items.map((m) => (
          <li key={m.id}>
            <Card className="space-y-3 p-4 sm:p-5" data-testid="contact-row">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    {subjectLabel(m.subject)}
                    {m.handledAt ? (
                      <Badge tone="green">Handled</Badge>
                    ) : (
                      <Badge tone="amber">Open</Badge>
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
                        {' · Handled '}
                        <time dateTime={m.handledAt} title={formatFullTime(m.handledAt)}>
                          {formatMessageTime(m.handledAt)}
                        </time>
                        {m.handledBy && ` by ${m.handledBy}`}
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
                  {m.handledAt ? 'Reopen' : 'Mark handled'}
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
        failed="The next contact messages could not be loaded"
        loadingLabel="Loading more contact messages"
      />
    </div>
  );
}
