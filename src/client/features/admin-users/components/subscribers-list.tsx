import { Mail } from 'lucide-react';
import type { SubscriberDto } from '../../../../shared/newsletter.ts';
import { formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSubscriberList } from '../api/list-subscribers.ts';
import { ListEmpty, PagedTable } from './list-states.tsx';
import { Field } from './users-list.tsx';

const cols = 'md:grid md:grid-cols-[minmax(0,1fr)_10rem] md:items-center md:gap-4';

/** The Subscribers tab: the blog's newsletter subscribers matching the search, 50 at a time. */
export function SubscribersList({ q, filtered }: { q: string; filtered: boolean }) {
  const t = useT();
  return (
    <PagedTable
      list={useSubscriberList(q)}
      words={{
        loading: 'admin.users.subscribersLoading',
        failed: 'admin.users.subscribersFailed',
        moreFailed: 'admin.users.subscribersMoreFailed',
        moreLoading: 'admin.users.subscribersMoreLoading',
        count: 'admin.users.subscriberCount',
        matchCount: 'admin.users.subscriberMatchCount',
      }}
      label={t('admin.users.tabSubscribers')}
      columns={[t('admin.users.colEmail'), t('admin.users.colSubscribed')]}
      cols={cols}
      filtered={filtered}
      empty={
        filtered ? (
          <ListEmpty icon={Mail} title={t('admin.users.noSubscribersFound')}>
            {t('admin.users.noSubscriberMatch')}
          </ListEmpty>
        ) : (
          <ListEmpty icon={Mail} title={t('admin.users.noSubscribers')}>
            {t('admin.users.subscribersHint')}
          </ListEmpty>
        )
      }
      row={(s) => <SubscriberRow subscriber={s} />}
    />
  );
}

function SubscriberRow({ subscriber: s }: { subscriber: SubscriberDto }) {
  const t = useT();
  return (
    <li className={`space-y-2 px-4 py-3 md:space-y-0 ${cols}`} data-testid="subscriber-row">
      <p className="truncate text-sm font-medium text-slate-900" title={s.email}>
        {s.email}
      </p>
      <Field label={t('admin.users.colSubscribed')}>
        <time dateTime={s.createdAt} title={formatFullTime(s.createdAt)}>
          {formatDate(s.createdAt)}
        </time>
      </Field>
    </li>
  );
}
