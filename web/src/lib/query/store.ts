import type { RouteId } from '@shared/api/routes';

/**
 * The web's one data cache. A query is keyed by its scope (whose caller runs it: `public` or `charity`), route
 * id and input; every mounted reader of one key shares one request. A change invalidates by route id: the
 * queries of those routes that someone reads load again (quietly, keeping their data on screen), the others
 * are dropped. An entry nobody reads any more is dropped too, so a page mounted later loads afresh, as before.
 */
export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  /** `error` is set when a quiet reload failed: the data shown is the last good one. */
  | { status: 'ready'; data: T; error?: unknown }
  | { status: 'error'; data?: undefined; error: unknown };

export interface QueryKey {
  scope: string;
  routeId: RouteId;
  input: unknown;
}

interface Entry {
  routeId: RouteId;
  state: QueryState<unknown>;
  run: () => Promise<unknown>;
  listeners: Set<() => void>;
  /** The newest load started; an older load that ends later is ignored. */
  generation: number;
  inFlight?: Promise<void>;
}

const entries = new Map<string, Entry>();
export const LOADING: QueryState<never> = { status: 'loading' };

export function keyOf({ scope, routeId, input }: QueryKey): string {
  return `${scope} ${routeId} ${JSON.stringify(input ?? {})}`;
}

function set(entry: Entry, state: QueryState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function load(entry: Entry): Promise<void> {
  const generation = ++entry.generation;
  const attempt = entry
    .run()
    .then(
      (data) => {
        if (generation === entry.generation) set(entry, { status: 'ready', data });
      },
      (error: unknown) => {
        if (generation !== entry.generation) return;
        const previous = entry.state;
        set(
          entry,
          previous.status === 'ready'
            ? { status: 'ready', data: previous.data, error }
            : { status: 'error', error },
        );
      },
    )
    .finally(() => {
      if (entry.inFlight === attempt) entry.inFlight = undefined;
    });
  entry.inFlight = attempt;
  return attempt;
}

/** The entry for a key, made (and its first load started) when missing; `run` is kept up to date. */
export function ensure(key: string, routeId: RouteId, run: () => Promise<unknown>): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { routeId, state: LOADING, run, listeners: new Set(), generation: 0 };
    entries.set(key, entry);
    void load(entry);
  } else entry.run = run;
  return entry;
}

export function subscribe(key: string, listener: () => void): () => void {
  const entry = entries.get(key);
  if (!entry) return () => {};
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    // A remount (StrictMode, a route change back) within the same task keeps the entry and its request.
    if (entry.listeners.size === 0)
      queueMicrotask(() => {
        if (entry.listeners.size === 0 && entries.get(key) === entry) entries.delete(key);
      });
  };
}

export function snapshot<T>(key: string): QueryState<T> {
  return (entries.get(key)?.state ?? LOADING) as QueryState<T>;
}

/** Loads a key again: from an error it shows loading first; from data it reloads quietly. */
export function reload(key: string): Promise<void> {
  const entry = entries.get(key);
  if (!entry) return Promise.resolve();
  if (entry.state.status === 'error') set(entry, LOADING);
  return load(entry);
}

/** Replaces a loaded query's data (an optimistic or known change); no-op before it has loaded. */
export function setData<T>(key: string, change: (data: T) => T): void {
  const entry = entries.get(key);
  if (entry?.state.status === 'ready') set(entry, { status: 'ready', data: change(entry.state.data as T) });
}

/**
 * After a change: every read query of these routes loads again (resolves when they have), every unread one
 * is dropped.
 */
export function invalidate(routeIds: readonly RouteId[]): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const [key, entry] of entries) {
    if (!routeIds.includes(entry.routeId)) continue;
    if (entry.listeners.size > 0) loads.push(load(entry));
    else entries.delete(key);
  }
  return Promise.all(loads).then(() => undefined);
}

/** Forgets every query of a scope (signing out: the next account must never see this one's data). */
export function clearScope(scope: string): void {
  for (const key of [...entries.keys()]) if (key.startsWith(`${scope} `)) entries.delete(key);
}
