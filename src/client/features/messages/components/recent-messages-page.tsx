import { RefreshCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useMessages } from '../api/list-messages.ts';
import { useFailingNumbers, useHasNumbers } from '../api/list-number-options.ts';
import { useRefreshMessages } from '../api/refresh-messages.ts';
import { MessageList } from './message-list.tsx';
import { MessagesEmpty } from './messages-empty.tsx';
import { PollWarnings } from './poll-warnings.tsx';

/** The first page of /dashboard/messages (the newest 100, docs/product-rules.md). */
export const RECENT_PAGE_SIZE = 100;
const NO_FILTERS = {};

/**
 * /dashboard/messages: Refresh Messages, the error banner and per-number warnings, and every
 * message newest first. New messages arrive through the live event stream.
 */
export function RecentMessagesPage() {
  const t = useT();
  const refresh = useRefreshMessages();
  const list = useMessages(NO_FILTERS, RECENT_PAGE_SIZE);
  const failing = useFailingNumbers();
  const hasNumbers = useHasNumbers();
  const result = refresh.data;

  // After a refresh its errors are the current state; before one, the last poll of each active
  // number tells.
  const warnings = result ? result.errors : (failing.data?.warnings ?? []);

  const failed = refresh.isError || (result !== undefined && result.errors.length > 0);

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('app.nav.recentMessages')}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <span className="relative flex size-2" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-accent-500" />
            </span>
            {t('app.messages.intro')}
          </p>
        </div>
        <Button
          variant="primary"
          onClick={() => !refresh.isPending && refresh.mutate()}
          aria-disabled={refresh.isPending || undefined}
          className="sm:self-end"
        >
          <RefreshCw
            aria-hidden="true"
            className={
              refresh.isPending ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'
            }
          />
          {refresh.isPending ? t('app.messages.refreshing') : t('app.messages.refresh')}
        </Button>
      </div>

      <div className="space-y-2 empty:hidden">
        {failed && (
          <Alert tone="error">
            <p className="font-semibold">{t('app.messages.errorTitle')}</p>
            <p>
              {refresh.isError
                ? errorMessage(refresh.error, t('app.messages.fetchFailed'))
                : t('app.messages.fetchFailedSome', {
                    failed: result!.errors.length,
                    count: result!.numbers,
                  })}
            </p>
          </Alert>
        )}
        {result && result.numbers === 0 && (
          <Alert tone="info">{t('app.messages.noActiveNumbers')}</Alert>
        )}
        {result && result.numbers > 0 && result.errors.length === 0 && (
          <p role="status" className="text-sm text-slate-600" data-testid="refresh-summary">
            {t('app.messages.checked', { count: result.numbers, messages: result.newMessages })}
          </p>
        )}
      </div>
      <PollWarnings
        warnings={warnings}
        more={result || !failing.data ? 0 : failing.data.total - failing.data.warnings.length}
      />

      <MessageList
        query={list}
        label={t('app.messages.listLabel')}
        loadingLabel={t('app.messages.loading')}
        empty={<MessagesEmpty hasNumbers={hasNumbers.data ?? false} />}
      />
    </div>
  );
}
