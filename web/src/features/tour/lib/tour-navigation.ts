import { confirmLeave, hasUnsavedChanges } from '@/lib/unsaved/leave-guard';
import type { TourStore } from './tour-store';

/**
 * Takes the tour to another page (a step's page, or the dashboard at the end) without losing unsaved edits
 * (issue 19): with nothing dirty it goes at once. Otherwise the tour steps aside first, since the page is inert
 * under it and the leave dialog must be answerable, and the usual question is asked: on Leave the tour goes
 * there (and, for a step, carries on at that step); on Stay the visitor keeps their edits and the tour stays
 * closed (Show tour guide resumes it).
 */
export function goWithTour(
  go: () => void,
  { aside, after }: { aside: () => void; after?: () => void },
): void {
  if (!hasUnsavedChanges()) {
    go();
    return;
  }
  aside();
  void confirmLeave().then((leave) => {
    if (!leave) return;
    go();
    after?.();
  });
}

/** A step on another page: closed while the leave dialog asks, resumed at the step on Leave. */
export const goToStepPage = (store: TourStore, go: () => void) =>
  goWithTour(go, { aside: () => store.close(), after: () => store.resume() });
