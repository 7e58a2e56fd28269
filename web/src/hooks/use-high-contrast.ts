import { useSyncExternalStore } from 'react';
import { createHighContrastStore, type FlagStorage, type HighContrastStore } from '@/lib/high-contrast';

function deviceStorage(): FlagStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let store: HighContrastStore | undefined;

/** The page's one high-contrast store, created on first use from localStorage and <html>. */
function getStore(): HighContrastStore {
  store ??= createHighContrastStore(deviceStorage(), document.documentElement);
  return store;
}

// Through the store, created on first use: the build's prerender (no document) reads the server snapshot only.
const subscribe = (listener: () => void) => getStore().subscribe(listener);
const get = () => getStore().get();
const toggle = () => getStore().toggle();

/** High-contrast mode for this device: whether it is on, and a toggle that flips and stores it. */
export function useHighContrast(): { enabled: boolean; toggle: () => void } {
  const enabled = useSyncExternalStore(subscribe, get, () => false);
  return { enabled, toggle };
}
