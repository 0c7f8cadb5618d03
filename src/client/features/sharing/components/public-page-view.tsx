import { Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { PUBLIC_NUMBERS_LISTED } from '../../../../shared/sharing-limits.ts';
import type { PublicPage } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Input } from '../../../components/ui/input.tsx';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { withPublicMessage, type PublicEvent } from '../../../lib/public-events.ts';
import { useNow } from '../../../lib/use-now.ts';
import { expectCode, type PublicShareStart } from '../api/public-share.ts';
import { PublicNumberSection } from './public-number-section.tsx';
import { PublicShareView, type AppliedEvent } from './public-share-view.tsx';

/** A page with more numbers than this gets a search box. */
const SEARCH_FROM = 10;

/** Puts a live message into its number; a code is announced when it is the number's newest. */
function applyEvent(data: PublicPage, e: PublicEvent): AppliedEvent<PublicPage> {
  let newest: string | null = null;
  let changed = false;
  const numbers = data.numbers.map((n) => {
    if (n.id !== e.numberId) return n;
    const next = withPublicMessage(n, e);
    changed = next !== n;
    // Newest: a burst may arrive in any order.
    if (changed && next.messages[0]?.id === e.id) newest = next.phoneNumber;
    return next;
  });
  return {
    data: changed ? { ...data, numbers } : data,
    announce:
      newest && e.code
        ? translate('share.page.newCode', { number: formatPhone(newest), code: e.code })
        : null,
  };
}

/**
 * /api/{hash}: a public page for anyone with the link. Its numbers with their newest messages and
 * codes, end dates and Copy Number, kept live by the page's event stream; new codes are announced
 * to screen readers. Missing or inactive: 'Page Not Found' with the server's sentence.
 */
export function PublicPageView({
  hash,
  start,
}: {
  hash: string;
  /** The server's answer this page was rendered from (a server-rendered page). */
  start?: PublicShareStart<PublicPage> | undefined;
}) {
  const t = useT();
  return (
    <PublicShareView
      kind="page"
      hash={hash}
      start={start}
      text={{
        notFoundTitle: t('share.page.notFoundTitle'),
        loading: t('share.page.loading'),
        failed: t('share.page.failed'),
      }}
      applyEvent={applyEvent}
      render={(page) => <PageBody page={page} hash={hash} />}
    />
  );
}

function PageBody({ page, hash }: { page: PublicPage; hash: string }) {
  const t = useT();
  const now = useNow();
  const [query, setQuery] = useState('');
  const digits = useDeferredValue(query.replace(/\D/g, ''));
  const onCopied = useCallback((numberId: string) => expectCode('page', hash, numberId), [hash]);

  const shown = useMemo(
    () => (digits ? page.numbers.filter((n) => n.phoneNumber.includes(digits)) : page.numbers),
    [page.numbers, digits],
  );
  const listed = page.numbers
    .slice(0, PUBLIC_NUMBERS_LISTED)
    .map((n) => formatPhone(n.phoneNumber));
  const more = page.numberCount - listed.length;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {page.name}
        </h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="monitored-numbers">
          {page.numberCount === 0 ? (
            t('share.page.noNumbers')
          ) : (
            <>
              {t('share.page.monitoring', { count: page.numberCount })}{' '}
              <span className="text-slate-800 tabular-nums">{listed.join(', ')}</span>
              {more > 0 && ` ${t('share.page.more', { count: more })}`}
            </>
          )}
        </p>
        {page.numberCount > page.numbers.length && (
          <p className="mt-1 text-xs text-slate-500">
            {t('share.page.showingFirst', { count: page.numbers.length })}
          </p>
        )}
      </div>

      {page.numbers.length > SEARCH_FROM && (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            inputMode="numeric"
            aria-label={t('share.page.find')}
            placeholder={t('share.page.find')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-9"
          />
        </div>
      )}

      {shown.length === 0 && page.numbers.length > 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {t('share.page.noMatch', { query: query.trim() })}
        </p>
      ) : (
        shown.map((n) => (
          // A boundary per number: a server-rendered page hydrates each in a task of its own
          // (ADR 0019), so a long page does not block the main thread in one go.
          <Suspense key={n.id} fallback={null}>
            <PublicNumberSection number={n} now={now} onCopied={onCopied} />
          </Suspense>
        ))
      )}
    </div>
  );
}
