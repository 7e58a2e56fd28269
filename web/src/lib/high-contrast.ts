/**
 * High-contrast mode (spec: off or on; toggling flips it, stores it on the device, applies a high-contrast
 * style, restored on load if the stored flag is true). DOM-free: storage and the root element are passed in.
 * index.html repeats the key and class in a tiny inline script so the mode applies before the first paint.
 * Relative imports only: the e2e journeys import this file.
 */
import { DEVICE_STORAGE } from './device-storage';

export const HIGH_CONTRAST_STORAGE_KEY = DEVICE_STORAGE.highContrast.name;
export const HIGH_CONTRAST_CLASS = 'high-contrast';

export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;
export interface ClassRoot {
  classList: Pick<DOMTokenList, 'toggle'>;
}

/** True only when the stored flag is the string 'true'; unreadable storage (privacy modes) counts as off. */
export function readHighContrast(storage: FlagStorage | null | undefined): boolean {
  try {
    return storage?.getItem(HIGH_CONTRAST_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Stores the flag as the string 'true' or 'false'; a full or blocked storage only loses persistence. */
export function writeHighContrast(storage: FlagStorage | null | undefined, on: boolean): void {
  try {
    storage?.setItem(HIGH_CONTRAST_STORAGE_KEY, on ? 'true' : 'false');
  } catch {
    // The mode still applies for this page view.
  }
}

export function applyHighContrast(root: ClassRoot | null | undefined, on: boolean): void {
  root?.classList.toggle(HIGH_CONTRAST_CLASS, on);
}

export interface HighContrastStore {
  get(): boolean;
  set(on: boolean): void;
  toggle(): void;
  subscribe(listener: () => void): () => void;
}

/** A small external store (for `useSyncExternalStore`): restores the stored flag and applies every change. */
export function createHighContrastStore(
  storage: FlagStorage | null | undefined,
  root: ClassRoot | null | undefined,
): HighContrastStore {
  let on = readHighContrast(storage);
  applyHighContrast(root, on);
  const listeners = new Set<() => void>();

  const set = (next: boolean) => {
    on = next;
    writeHighContrast(storage, on);
    applyHighContrast(root, on);
    for (const listener of listeners) listener();
  };

  return {
    get: () => on,
    set,
    toggle: () => set(!on),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
