import type { RouteId } from '@shared/api/routes';
import { useCallback, useRef, useState } from 'react';
import { invalidate } from './store';

export type MutationStatus = 'idle' | 'pending' | 'error' | 'success';

export interface MutationResult<I, O> {
  /** Runs the change, then reloads the queries it invalidates; throws the change's failure. */
  mutate: (input: I) => Promise<O>;
  status: MutationStatus;
  error: unknown;
  reset: () => void;
}

/**
 * A change: `run` does it, then every query of the `invalidates` routes that a page reads loads again before
 * `mutate` resolves (so a notice shown afterwards describes what is on screen).
 */
export function useMutation<I, O>(
  run: (input: I) => Promise<O>,
  { invalidates = [] }: { invalidates?: readonly RouteId[] } = {},
): MutationResult<I, O> {
  const [state, setState] = useState<{ status: MutationStatus; error: unknown }>({
    status: 'idle',
    error: undefined,
  });
  const runRef = useRef(run);
  runRef.current = run;
  const routes = invalidates.join(' ');
  const mutate = useCallback(
    async (input: I) => {
      setState({ status: 'pending', error: undefined });
      try {
        const output = await runRef.current(input);
        if (routes) await invalidate(routes.split(' ') as RouteId[]);
        setState({ status: 'success', error: undefined });
        return output;
      } catch (error) {
        setState({ status: 'error', error });
        throw error;
      }
    },
    [routes],
  );
  const reset = useCallback(() => setState({ status: 'idle', error: undefined }), []);
  return { mutate, status: state.status, error: state.error, reset };
}
