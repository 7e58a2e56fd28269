/**
 * The guided tour's state (charity-area spec, section 3: "Tour state: isActive, currentStep, totalSteps",
 * kept in session storage under a guided-tour key) and its device flag `hasSeenGuidedTour` (local storage).
 * DOM-free: storages are passed in, and every read survives a missing, blocked or garbled storage.
 * Relative imports only: the e2e journeys import this file (without the web's aliases).
 */
import { DEVICE_STORAGE } from '../../../lib/device-storage';

export const TOUR_STATE_KEY = DEVICE_STORAGE.tourState.name;
export const TOUR_SEEN_KEY = DEVICE_STORAGE.tourSeen.name;

export interface TourState {
  isActive: boolean;
  /** 0-based index into the steps ("Step currentStep + 1 of totalSteps"). */
  currentStep: number;
  totalSteps: number;
}

export type TourStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const initialTourState = (totalSteps: number): TourState => ({
  isActive: false,
  currentStep: 0,
  totalSteps,
});

const clampStep = (step: number, totalSteps: number) =>
  Math.min(Math.max(0, Math.trunc(step)), Math.max(0, totalSteps - 1));

/**
 * The stored state, when it is well formed and made for this tour (same number of steps); otherwise the
 * inactive initial state, so a tour of another length never resumes at a step that means something else.
 */
export function parseTourState(raw: string | null | undefined, totalSteps: number): TourState {
  if (!raw) return initialTourState(totalSteps);
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return initialTourState(totalSteps);
    const { isActive, currentStep, totalSteps: storedTotal } = value as Record<string, unknown>;
    if (typeof isActive !== 'boolean' || typeof currentStep !== 'number' || !Number.isFinite(currentStep))
      return initialTourState(totalSteps);
    if (storedTotal !== totalSteps) return initialTourState(totalSteps);
    return { isActive, currentStep: clampStep(currentStep, totalSteps), totalSteps };
  } catch {
    return initialTourState(totalSteps);
  }
}

export function readTourState(storage: TourStorage | null | undefined, totalSteps: number): TourState {
  try {
    return parseTourState(storage?.getItem(TOUR_STATE_KEY), totalSteps);
  } catch {
    return initialTourState(totalSteps);
  }
}

export function writeTourState(storage: TourStorage | null | undefined, state: TourState): void {
  try {
    storage?.setItem(TOUR_STATE_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the resume-after-reload.
  }
}

/** True only when the stored flag is the string 'true' (as highContrastMode). */
export function readSeen(storage: TourStorage | null | undefined): boolean {
  try {
    return storage?.getItem(TOUR_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeSeen(storage: TourStorage | null | undefined): void {
  try {
    storage?.setItem(TOUR_SEEN_KEY, 'true');
  } catch {
    // The tour still ends for this page view.
  }
}

/** Transitions. Each returns the next state; none of them touch storage. */
export const tourTransitions = {
  /** Starts (or restarts) at a step, the first by default. */
  start: (state: TourState, step = 0): TourState => ({
    ...state,
    isActive: true,
    currentStep: clampStep(step, state.totalSteps),
  }),
  /** Shows the sidebar again at the step it was on. */
  resume: (state: TourState): TourState => ({ ...state, isActive: true }),
  next: (state: TourState): TourState => ({
    ...state,
    currentStep: clampStep(state.currentStep + 1, state.totalSteps),
  }),
  previous: (state: TourState): TourState => ({
    ...state,
    currentStep: clampStep(state.currentStep - 1, state.totalSteps),
  }),
  /** Close, Escape, hide or finish: the sidebar goes, the step is kept for a later resume. */
  stop: (state: TourState): TourState => ({ ...state, isActive: false }),
  /** Finish: inactive and back at the start, so Take Dashboard Tour or Show tour guide begin afresh. */
  finish: (state: TourState): TourState => ({ ...state, isActive: false, currentStep: 0 }),
};

export const isLastStep = (state: TourState) => state.currentStep >= state.totalSteps - 1;
export const isFirstStep = (state: TourState) => state.currentStep <= 0;

/** "Step n of N" and the whole-number percentage the sidebar shows (step 1 of 22 is 5%, the last 100%). */
export function tourProgress(state: TourState): { stepNumber: number; percent: number; label: string } {
  const stepNumber = state.currentStep + 1;
  const percent = state.totalSteps > 0 ? Math.round((stepNumber / state.totalSteps) * 100) : 0;
  return { stepNumber, percent, label: `Step ${stepNumber} of ${state.totalSteps}` };
}

/** Spec, section 4: auto-start when not yet seen and the charity is unfinished or unverified. */
export function shouldAutoStart(
  seen: boolean,
  verification: { verified: boolean; finished_setting_up_account: boolean } | null | undefined,
): boolean {
  if (seen || !verification) return false;
  return !verification.finished_setting_up_account || !verification.verified;
}
