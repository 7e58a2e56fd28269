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

/** High-contrast mode for this device: whether it is on, and a toggle that flips and stores it. */
export function useHighContrast(): { enabled: boolean; toggle: () => void } {
  const current = getStore();
  const enabled = useSyncExternalStore(current.subscribe, current.get, () => false);
  return { enabled, toggle: current.toggle };
}
