import { useCallback, useEffect, useRef, useState } from 'react';
import { isValidPhone } from '../../../../shared/phone.ts';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.tsx';
import type { StreamItem } from '../api/run-date-check.ts';
import type { ResultRow } from '../types.ts';

export type RunPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** `emit(offset)` handles the items of one request whose first number is row `offset`. */
export type Runner = (
  emit: (offset: number) => (item: StreamItem) => void,
  signal: AbortSignal,
) => Promise<void>;

const FLUSH_MS = 50;

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Runs a streamed date check: every row starts as 'checking' and is replaced by its result as it
 * arrives (results come in completion order; `index` places them). Updates are batched (one
 * render per 50 ms) so thousands of rows stay smooth. Leaving the page aborts the stream.
 */
export function useDateCheckRun({ onSettled }: { onSettled?: () => void } = {}) {
  const [rows, setRows] = useState<ResultRow[]>([]);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  /** Changes with every run (a key that resets per-run view state such as a filter). */
  const [runId, setRunId] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (initial: ResultRow[], run: Runner) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    const live = () => controller.current === ac;

    let current = initial;
    const pending = new Map<number, ResultRow>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let streamError: string | null = null;

    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (pending.size === 0 || !live()) return;
      const next = current.slice();
      for (const [i, row] of pending) next[i] = row;
      pending.clear();
      current = next;
      setRows(next);
    };

    const emit = (offset: number) => (item: StreamItem) => {
      if (item.index === undefined) {
        streamError = item.error || t('public.dateCheck.unknownError');
        return;
      }
      const i = offset + item.index;
      const before = current[i];
      if (!before) return;
      pending.set(i, {
        // An unparsable line comes back as its text; the local guess shows it without the link.
        phoneNumber: isValidPhone(item.phoneNumber) ? item.phoneNumber : before.phoneNumber,
        status: item.status,
        endDate: item.endDate,
        daysLeft: item.daysLeft,
        error: item.error,
      });
      timer ??= setTimeout(flush, FLUSH_MS);
    };

    setRows(initial);
    setRunId((n) => n + 1);
    setPhase('running');
    setError(null);

    let outcome: Exclude<RunPhase, 'idle' | 'running'> = 'done';
    let failure: string | null = null;
    try {
      await run(emit, ac.signal);
    } catch (err) {
      outcome = isAbort(err) ? 'cancelled' : 'failed';
      if (!isAbort(err)) failure = errorMessage(err, t('public.dateCheck.failed'));
    }
    flush();
    if (live()) {
      controller.current = null;
      const anyResult = current.some((r) => r.status !== 'checking');
      if (outcome === 'failed' && !anyResult) {
        // Refused before any result (bad input, rate limit, offline): only the banner remains.
        current = [];
      } else {
        // A stream that ended early leaves rows without a result.
        const leftover: ResultRow['status'] = outcome === 'done' ? 'error' : 'skipped';
        const message =
          outcome === 'done' ? (streamError ?? t('public.dateCheck.unknownError')) : null;
        current = current.map((r) =>
          r.status === 'checking' ? { ...r, status: leftover, error: message } : r,
        );
      }
      setRows(current);
      setPhase(outcome);
      setError(failure);
    }
    settled.current?.();
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRows([]);
    setPhase('idle');
    setError(null);
  }, []);

  return { rows, phase, error, runId, running: phase === 'running', start, cancel, clear };
}

export type DateCheckRun = ReturnType<typeof useDateCheckRun>;
