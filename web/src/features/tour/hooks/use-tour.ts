import { useSyncExternalStore } from 'react';
import { getTourStore, type TourSnapshot, type TourStore } from '../lib/tour-store';

/** The tour's shared state and its actions (one store per page, shared by the sidebar and every toggle). */
export function useTour(): TourSnapshot & { store: TourStore } {
  const store = getTourStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.get, store.get);
  return { ...snapshot, store };
}
