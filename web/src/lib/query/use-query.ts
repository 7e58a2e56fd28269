import type { RouteId, RouteRequest, RouteResponse } from '@shared/api/routes';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { callApi } from '@/lib/api';
import { ensure, keyOf, LOADING, type QueryState, reload, setData, snapshot, subscribe } from './store';

export interface QueryResult<T> {
  status: QueryState<T>['status'];
  data: T | undefined;
  /** The failure of the first load (status `error`) or of the last quiet reload (status `ready`). */
  error: unknown;
  /** Loads again (quietly when there is data); resolves when done. */
  refetch: () => Promise<void>;
  /** Replaces the loaded data after a change the page already knows about. */
  setData: (change: (data: T) => T) => void;
}

export interface QueryOptions {
  /** False until the query can run (for example, until the session is known): status stays `loading`. */
  enabled?: boolean;
}

const noSubscription = () => () => {};
const loading = () => LOADING;

/**
 * Reads a route through a caller (`run`); the scope names the caller so that two callers of one route never
 * share an entry. Features use {@link usePublicQuery} or the charity area's `useCharityQuery`.
 */
export function useRouteQuery<Id extends RouteId>(
  scope: string,
  routeId: Id,
  input: RouteRequest<Id>,
  run: () => Promise<RouteResponse<Id>>,
  { enabled = true }: QueryOptions = {},
): QueryResult<RouteResponse<Id>> {
  const key = keyOf({ scope, routeId, input });
  const runRef = useRef(run);
  runRef.current = run;
  const listen = useCallback(
    (listener: () => void) => {
      // Made here, not in render: an entry dropped while nobody read it is made (and loaded) again.
      ensure(key, routeId, () => runRef.current());
      return subscribe(key, listener);
    },
    [key, routeId],
  );
  const read = useCallback(() => snapshot<RouteResponse<Id>>(key), [key]);
  const state = useSyncExternalStore(
    enabled ? listen : noSubscription,
    enabled ? read : loading,
    enabled ? read : loading,
  );
  const refetch = useCallback(() => reload(key), [key]);
  const replace = useCallback(
    (change: (data: RouteResponse<Id>) => RouteResponse<Id>) => setData(key, change),
    [key],
  );
  return { status: state.status, data: state.data, error: state.error, refetch, setData: replace };
}

/** Reads a public route (no session). */
export function usePublicQuery<Id extends RouteId>(
  routeId: Id,
  input: RouteRequest<Id>,
  options?: QueryOptions,
): QueryResult<RouteResponse<Id>> {
  return useRouteQuery('public', routeId, input, () => callApi(routeId, input), options);
}
