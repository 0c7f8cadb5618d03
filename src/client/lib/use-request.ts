import { useCallback, useEffect, useRef, useState } from 'react';

type State<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

type Handlers<T> = { onSuccess?: (data: T) => void; onError?: (error: unknown) => void };

/**
 * A request the user starts (send a code, verify it): its state and a `run` with per-call
 * callbacks, the part of TanStack Query's useMutation the sign-in form uses, without the query
 * library (the /auth page's island loads none). As useMutation: only the latest call's outcome
 * counts, and its callbacks are not called once the component is gone.
 */
export function useRequest<A, T>(request: (args: A) => Promise<T>) {
  const [state, setState] = useState<State<T>>({ status: 'idle' });
  const latest = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (args: A, handlers: Handlers<T> = {}) => {
      const id = ++latest.current;
      setState({ status: 'pending' });
      let outcome: State<T>;
      try {
        outcome = { status: 'success', data: await request(args) };
      } catch (error) {
        outcome = { status: 'error', error };
      }
      if (id !== latest.current || !mounted.current) return;
      setState(outcome);
      if (outcome.status === 'success') handlers.onSuccess?.(outcome.data);
      else if (outcome.status === 'error') handlers.onError?.(outcome.error);
    },
    [request],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle' });
  }, []);

  return {
    run,
    reset,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    data: state.status === 'success' ? state.data : undefined,
    isError: state.status === 'error',
    error: state.status === 'error' ? state.error : null,
  };
}
