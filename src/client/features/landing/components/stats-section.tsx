import { MessageSquareText, Phone, RefreshCw, Users, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useLocale, useT, type Translate } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { usePublicStats } from '../hooks/use-public-stats.ts';

/** Each count with its label, a plural message of the count ('1 user', '2 users'). */
const items: Array<{ key: 'users' | 'numbers' | 'messages'; label: MessageId; icon: LucideIcon }> =
  [
    { key: 'users', label: 'pages.landing.stats.users', icon: Users },
    { key: 'numbers', label: 'pages.landing.stats.numbers', icon: Phone },
    { key: 'messages', label: 'pages.landing.stats.messages', icon: MessageSquareText },
  ];

/** Counts of each plural form of the languages (one, few, many, other), to name every form. */
const SAMPLES = [1, 2, 5, 0, 1_000_000, 1.5];

/**
 * A label's every plural form in the language `tag`, as JSON (`{"one":"user","other":"users"}`):
 * the pre-rendered page's script (islands/static-page.ts) picks the form of the count it gets,
 * with no catalogue of its own.
 */
function pluralForms(t: Translate, label: MessageId, tag: string): string {
  const rules = new Intl.PluralRules(tag);
  const forms: Record<string, string> = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    const sample = SAMPLES.find((n) => rules.select(n) === category);
    if (sample !== undefined) forms[category] = t(label, { count: sample });
  }
  return JSON.stringify(forms);
}

/**
 * Real platform counts from the database, refreshed every 5 seconds. The pre-rendered landing page
 * is not hydrated: islands/static-page.ts fills this section's HTML (loading state) the same way.
 */
export function StatsSection() {
  const t = useT();
  const { tag } = useLocale();
  const { data, isPending, isError, refetch, isFetching } = usePublicStats();

  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <h2 id="stats-title" className="text-xl font-semibold text-slate-900">
            {t('pages.landing.stats.title')}
          </h2>
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-accent-500" />
            </span>
            {t('pages.landing.stats.live')}
          </p>
        </div>
        {isError && !data ? (
          <div
            role="alert"
            className="mx-auto mt-8 flex max-w-md flex-col items-center gap-3 rounded-xl border border-red-200 bg-white p-6 text-center"
          >
            <p className="text-sm text-red-800">{t('pages.landing.stats.unavailable')}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void refetch()}
              loading={isFetching}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('pages.landing.stats.retry')}
            </Button>
          </div>
        ) : (
          <ul
            className="mt-8 grid gap-4 sm:grid-cols-3"
            aria-busy={isPending}
            data-testid="live-stats"
            data-unavailable={t('pages.landing.stats.unavailable')}
            data-retry={t('pages.landing.stats.retry')}
          >
            {items.map(({ key, label, icon: Icon }) => (
              <li
                key={key}
                className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <p className="flex flex-col">
                  <span
                    className="text-3xl font-bold tracking-tight text-brand-900 tabular-nums"
                    data-stat-slot={key}
                  >
                    {isPending || !data ? (
                      <>
                        <Skeleton className="my-1 h-7 w-24" />
                        <span className="sr-only">{t('pages.landing.stats.loading')}</span>
                      </>
                    ) : (
                      <span data-stat={key}>{formatCount(data[key])}</span>
                    )}
                  </span>{' '}
                  {/* The island (islands/static-page.ts) picks the label from data-forms. */}
                  <span
                    className="text-sm text-slate-600"
                    data-stat-label={key}
                    data-forms={pluralForms(t, label, tag)}
                  >
                    {t(label, { count: data?.[key] ?? 0 })}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
