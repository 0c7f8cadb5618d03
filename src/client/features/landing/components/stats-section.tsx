import { MessageSquareText, Phone, RefreshCw, Users, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../lib/format.ts';
import { usePublicStats } from '../hooks/use-public-stats.ts';

/** Each count with its label for one and for any other number ('1 user', '2 users'). */
const items: Array<{
  key: 'users' | 'numbers' | 'messages';
  one: string;
  many: string;
  icon: LucideIcon;
}> = [
  { key: 'users', one: 'user', many: 'users', icon: Users },
  { key: 'numbers', one: 'number managed', many: 'numbers managed', icon: Phone },
  { key: 'messages', one: 'message received', many: 'messages received', icon: MessageSquareText },
];

/**
 * Real platform counts from the database, refreshed every 5 seconds. The pre-rendered landing page
 * is not hydrated: islands/static-page.ts fills this section's HTML (loading state) the same way.
 */
export function StatsSection() {
  const { data, isPending, isError, refetch, isFetching } = usePublicStats();

  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <h2 id="stats-title" className="text-xl font-semibold text-slate-900">
            VOIP Manager right now
          </h2>
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-accent-500" />
            </span>
            Live counts, updated every few seconds
          </p>
        </div>
        {isError && !data ? (
          <div
            role="alert"
            className="mx-auto mt-8 flex max-w-md flex-col items-center gap-3 rounded-xl border border-red-200 bg-white p-6 text-center"
          >
            <p className="text-sm text-red-800">Live statistics are unavailable right now.</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void refetch()}
              loading={isFetching}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : (
          <ul
            className="mt-8 grid gap-4 sm:grid-cols-3"
            aria-busy={isPending}
            data-testid="live-stats"
          >
            {items.map(({ key, one, many, icon: Icon }) => (
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
                        <span className="sr-only">Loading</span>
                      </>
                    ) : (
                      <span data-stat={key}>{formatCount(data[key])}</span>
                    )}
                  </span>{' '}
                  {/* The island (islands/static-page.ts) picks the label from data-one/data-many. */}
                  <span
                    className="text-sm text-slate-600"
                    data-stat-label={key}
                    data-one={one}
                    data-many={many}
                  >
                    {data?.[key] === 1 ? one : many}
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
