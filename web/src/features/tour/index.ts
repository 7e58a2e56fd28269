/**
 * The guided tour (charity-area spec, "Guided tour"). The sidebar itself is loaded lazily by the root route
 * on /charity/* pages (`components/tour-host`); other features use only these.
 */
export { TourToggle } from './components/tour-toggle';
export { TOTAL_STEPS, TOUR_STEPS, type TourStep } from './data/tour-steps';
export { useTour } from './hooks/use-tour';
export { TOUR_SEEN_KEY, TOUR_STATE_KEY, type TourState } from './lib/tour-state';
export { getTourStore, type TourSnapshot, type TourStore } from './lib/tour-store';

import { getTourStore } from './lib/tour-store';

/** Starts the tour at step 1 (the dashboard's Take Dashboard Tour button). */
export function startTour(): void {
  getTourStore().start(0);
}

/** Starts the tour on the dashboard when this device has not seen it and the charity is unfinished or unverified. */
export function autoStartTour(
  verification: { verified: boolean; finished_setting_up_account: boolean } | null,
): boolean {
  return getTourStore().autoStart(verification);
}
