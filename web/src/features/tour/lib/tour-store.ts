import { TOTAL_STEPS, TOUR_STEPS } from '../data/tour-steps';
import {
  readSeen,
  readTourState,
  shouldAutoStart,
  type TourState,
  type TourStorage,
  tourTransitions,
  writeSeen,
  writeTourState,
} from './tour-state';

/**
 * What the tour's parts share: the state (mirrored to session storage), the device flag, and two counters
 * the sidebar host reads: `moves` goes up whenever the step is chosen by an action (start, Next,
 * Previous, Show tour guide), which is when the host takes the visitor to the step's page; `starts` goes
 * up when the sidebar opens, which is when focus moves into it.
 */
export interface TourSnapshot {
  state: TourState;
  seen: boolean;
  moves: number;
  starts: number;
}

export interface TourStore {
  get(): TourSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts at a step (the first by default), whether or not the tour was seen. */
  start(step?: number): void;
  /** Opens the sidebar at the step it was on. */
  resume(): void;
  next(): void;
  previous(): void;
  /** Close, Escape or Hide tour guide: the sidebar goes and the tour counts as seen. */
  close(): void;
  /** Finish Tour: seen, and the next start begins at step 1. */
  finish(): void;
  /** Starts the tour if this device has not seen it and the charity is unfinished or unverified. */
  autoStart(verification: { verified: boolean; finished_setting_up_account: boolean } | null): boolean;
}

export function createTourStore(
  session: TourStorage | null | undefined,
  device: TourStorage | null | undefined,
  totalSteps: number,
): TourStore {
  let snapshot: TourSnapshot = {
    state: readTourState(session, totalSteps),
    seen: readSeen(device),
    moves: 0,
    starts: 0,
  };
  const listeners = new Set<() => void>();

  const update = (next: Partial<TourSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (next.state) writeTourState(session, snapshot.state);
    if (next.seen) writeSeen(device);
    for (const listener of listeners) listener();
  };
  const move = (state: TourState, opened: boolean) =>
    update({
      state,
      moves: snapshot.moves + 1,
      starts: opened ? snapshot.starts + 1 : snapshot.starts,
    });

  const store: TourStore = {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (step = 0) => move(tourTransitions.start(snapshot.state, step), true),
    resume: () => move(tourTransitions.resume(snapshot.state), !snapshot.state.isActive),
    next: () => {
      if (snapshot.state.isActive) move(tourTransitions.next(snapshot.state), false);
    },
    previous: () => {
      if (snapshot.state.isActive) move(tourTransitions.previous(snapshot.state), false);
    },
    close: () => update({ state: tourTransitions.stop(snapshot.state), seen: true }),
    finish: () => update({ state: tourTransitions.finish(snapshot.state), seen: true }),
    autoStart(verification) {
      if (snapshot.state.isActive || !shouldAutoStart(snapshot.seen, verification)) return false;
      store.start(0);
      return true;
    },
  };
  return store;
}

function storageOf(kind: 'sessionStorage' | 'localStorage'): TourStorage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

let tourStore: TourStore | undefined;

/** The page's one tour store, created on first use from session and local storage. */
export function getTourStore(): TourStore {
  tourStore ??= createTourStore(storageOf('sessionStorage'), storageOf('localStorage'), TOTAL_STEPS);
  return tourStore;
}

/** The index of a step by id (the first step when there is no such step). */
export function stepIndex(id: string): number {
  return Math.max(
    0,
    TOUR_STEPS.findIndex((step) => step.id === id),
  );
}

/**
 * What the account preferences page's toggle does: hides an open tour (closing it, so it counts as seen);
 * otherwise resumes a tour left part-way at its step, or starts at `startAt` when none is in progress.
 */
export function toggleTour(store: TourStore, startAt: string): void {
  const { state } = store.get();
  if (state.isActive) store.close();
  else if (state.currentStep > 0) store.resume();
  else store.start(stepIndex(startAt));
}
