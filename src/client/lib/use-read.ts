import { useCallback, useEffect, useRef, useState } from 'react';
import { withRetries } from './retry.ts';

/** What a read starts from: the server's answer or error written into the page (ms `at`). */
export type ReadStart<T> = { data: T; at?: number } | { error: unknown; at?: number };

type State<T> = {
  data: T | undefined;
  error: unknown;
  fetching: boolean;
  /** When `data` was read (ms; 0: never). */
  updatedAt: number;
};

/**
 * One read of the API for a page without the query client (the public islands, ADR 0019): read on
 * mount unless `start` has the answer (or the error) already (the server wrote it into the page),
 * retried as the query client would (lib/retry.ts); `refetch` reads again, keeping the data it had
 * if that fails; `update` changes the data in place (live events). Only the latest read counts,
 * and none after unmount. For another resource, mount afresh (a `key`).
 */
export function useRead<T>(read: (signal: AbortSignal) => Promise<T>, start?: ReadStart<T>) {
  const [state, setState] = useState<State<T>>(() =>
    !start
      ? { data: undefined, error: null, fetching: true, updatedAt: 0 }
      : 'data' in start
        ? { data: start.data, error: null, fetching: false, updatedAt: start.at ?? 0 }
        : { data: undefined, error: start.error, fetching: false, updatedAt: start.at ?? 0 },
  );
  const latest = useRef<AbortController | null>(null);
  const reader = useRef(read);
  useEffect(() => {
    reader.current = read;
  });
  /** The data now, for `update` (which runs its change at once, not when React renders). */
  const current = useRef(state.data);

  const refetch = useCallback(async () => {
    latest.current?.abort();
    const ctl = new AbortController();
    latest.current = ctl;
    setState((s) => (s.fetching ? s : { ...s, fetching: true }));
    try {
      const data = await withRetries(() => reader.current(ctl.signal));
      if (ctl.signal.aborted) return;
      current.current = data;
      setState({ data, error: null, fetching: false, updatedAt: Date.now() });
    } catch (error) {
      if (!ctl.signal.aborted) setState((s) => ({ ...s, error, fetching: false }));
    }
  }, []);

  const started = useRef(!!start);
  useEffect(() => {
    if (!started.current) void refetch();
    return () => latest.current?.abort();
  }, [refetch]);

  const update = useCallback((change: (data: T) => T) => {
    const before = current.current;
    if (before === undefined) return;
    const data = change(before);
    if (data === before) return;
    current.current = data;
    setState((s) => ({ ...s, data }));
  }, []);

  return {
    data: state.data,
    error: state.error,
    isPending: state.data === undefined && !state.error,
    isError: !!state.error,
    isFetching: state.fetching,
    updatedAt: state.updatedAt,
    refetch,
    update,
  };
}
