import { useEffect, useRef } from 'react';
import { registerLeaveGuard } from './leave-guard';

/**
 * Marks the calling form as holding unsaved changes while `dirty` is true: leaving the page, switching
 * dashboard tabs, Back, Sign Out or closing the tab then asks first (see `leave-guard.ts`). `onDiscard` runs
 * when the user chooses to leave without saving.
 */
export function useUnsavedChanges(dirty: boolean, onDiscard?: () => void): void {
  const discard = useRef(onDiscard);
  discard.current = onDiscard;
  useEffect(() => {
    if (!dirty) return;
    return registerLeaveGuard({ onDiscard: () => discard.current?.() });
  }, [dirty]);
}
