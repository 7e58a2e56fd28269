import { TOTAL_STEPS, TOUR_STEPS } from '../data/tour-steps';
import { isTourRoute } from './tour-routes';
import {
  initialTourState,
  parseTourState,
  readSeen,
  readTourState,
  shouldAutoStart,
  TOUR_SEEN_KEY,
  TOUR_STATE_KEY,
  tourProgress,
  tourTransitions,
  writeSeen,
  writeTourState,
} from './tour-state';
import { createTourStore, stepIndex, toggleTour } from './tour-store';

class MemoryStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('tour steps', () => {
  it('has 22 steps with unique ids, titles and real text, in the spec order', () => {
    expect(TOTAL_STEPS).toBe(22);
    expect(new Set(TOUR_STEPS.map((step) => step.id)).size).toBe(22);
    expect(TOUR_STEPS.map((step) => step.id)).toEqual([
      'welcome',
      'overview',
      'live-status',
      'checklist',
      'charity-info',
      'analytics',
      'main-page',
      'template',
      'existing-pages',
      'customise',
      'explore-setup',
      'explore-preview',
      'create-posts',
      'view-posts',
      'account-preferences',
      'profile-image',
      'payments',
      'display-name',
      'email-preferences',
      'settings',
      'support',
      'completion',
    ]);
    for (const step of TOUR_STEPS) {
      expect(step.title.length).toBeGreaterThan(3);
      expect(step.text.length).toBeGreaterThan(60);
      expect(step.text).not.toMatch(/lorem|ipsum|TODO/i);
    }
  });

  it('switches dashboard tabs or goes to the account pages, settings and support', () => {
    const where = TOUR_STEPS.map((step) => step.tab ?? step.path);
    expect(where).toEqual([
      'overview',
      'overview',
      'overview',
      'overview',
      'overview',
      'analytics',
      'setup-main-page',
      'setup-main-page',
      'setup-main-page',
      'setup-main-page',
      'setup-explore-view',
      'setup-explore-view',
      'create-posts',
      'view-posts',
      '/charity/account-preferences',
      '/charity/preferences/profile-image',
      '/charity/preferences/payments',
      '/charity/preferences/display-name',
      '/charity/preferences/email',
      '/charity/settings',
      '/charity/support',
      'overview',
    ]);
    for (const step of TOUR_STEPS.filter((s) => s.tab)) expect(step.path).toBe('/charity/dashboard');
  });

  it('states the fee claims as the spec does', () => {
    const payments = TOUR_STEPS.find((step) => step.id === 'payments');
    expect(payments?.text).toContain('100%');
    expect(payments?.text).toContain('1.4% plus 20p per transaction');
  });

  it('shows the sidebar on every step page and the preference pages, not on sign-in or the landing page', () => {
    for (const step of TOUR_STEPS) expect(isTourRoute(step.path)).toBe(true);
    expect(isTourRoute('/charity/preferences/branding')).toBe(true);
    expect(isTourRoute('/charity/dashboard/')).toBe(true);
    expect(isTourRoute('/charity/signin')).toBe(false);
    expect(isTourRoute('/charity/email-verification')).toBe(false);
    expect(isTourRoute('/')).toBe(false);
  });
});

describe('tour state', () => {
  it('parses only well-formed state made for a tour of the same length', () => {
    const good = JSON.stringify({ isActive: true, currentStep: 4, totalSteps: 22 });
    expect(parseTourState(good, 22)).toEqual({ isActive: true, currentStep: 4, totalSteps: 22 });
    expect(parseTourState(good, 20)).toEqual(initialTourState(20));
    expect(parseTourState(null, 22)).toEqual(initialTourState(22));
    expect(parseTourState('{not json', 22)).toEqual(initialTourState(22));
    expect(parseTourState('"text"', 22)).toEqual(initialTourState(22));
    expect(parseTourState(JSON.stringify({ isActive: 'yes', currentStep: 1, totalSteps: 22 }), 22)).toEqual(
      initialTourState(22),
    );
    expect(parseTourState(JSON.stringify({ isActive: true, currentStep: 99, totalSteps: 22 }), 22)).toEqual({
      isActive: true,
      currentStep: 21,
      totalSteps: 22,
    });
    expect(
      parseTourState(JSON.stringify({ isActive: false, currentStep: -3.5, totalSteps: 22 }), 22).currentStep,
    ).toBe(0);
  });

  it('round-trips through storage under the guided-tour key and survives blocked storage', () => {
    const storage = new MemoryStorage();
    writeTourState(storage, { isActive: true, currentStep: 7, totalSteps: 22 });
    expect(JSON.parse(storage.getItem(TOUR_STATE_KEY) as string)).toEqual({
      isActive: true,
      currentStep: 7,
      totalSteps: 22,
    });
    expect(readTourState(storage, 22)).toEqual({ isActive: true, currentStep: 7, totalSteps: 22 });
    expect(readTourState(blocked, 22)).toEqual(initialTourState(22));
    expect(() => writeTourState(blocked, initialTourState(22))).not.toThrow();
    expect(readSeen(storage)).toBe(false);
    writeSeen(storage);
    expect(storage.getItem(TOUR_SEEN_KEY)).toBe('true');
    expect(readSeen(storage)).toBe(true);
    expect(readSeen(blocked)).toBe(false);
    expect(() => writeSeen(blocked)).not.toThrow();
  });

  it('moves between steps without leaving the tour', () => {
    let state = tourTransitions.start(initialTourState(22));
    expect(state).toEqual({ isActive: true, currentStep: 0, totalSteps: 22 });
    state = tourTransitions.previous(state);
    expect(state.currentStep).toBe(0);
    for (let i = 0; i < 30; i++) state = tourTransitions.next(state);
    expect(state.currentStep).toBe(21);
    state = tourTransitions.previous(state);
    expect(state.currentStep).toBe(20);
    expect(tourTransitions.stop(state)).toEqual({ isActive: false, currentStep: 20, totalSteps: 22 });
    expect(tourTransitions.resume(tourTransitions.stop(state))).toEqual(state);
    expect(tourTransitions.finish(state)).toEqual({ isActive: false, currentStep: 0, totalSteps: 22 });
    expect(tourTransitions.start(state, 14).currentStep).toBe(14);
  });

  it('reports "Step n of 22" with a whole-number percentage', () => {
    const at = (currentStep: number) => tourProgress({ isActive: true, currentStep, totalSteps: 22 });
    expect(at(0)).toEqual({ stepNumber: 1, percent: 5, label: 'Step 1 of 22' });
    expect(at(1)).toEqual({ stepNumber: 2, percent: 9, label: 'Step 2 of 22' });
    expect(at(10)).toEqual({ stepNumber: 11, percent: 50, label: 'Step 11 of 22' });
    expect(at(21)).toEqual({ stepNumber: 22, percent: 100, label: 'Step 22 of 22' });
  });

  it('auto-starts only when not seen and the charity is unfinished or unverified', () => {
    const charity = (verified: boolean, finished: boolean) => ({
      verified,
      finished_setting_up_account: finished,
    });
    expect(shouldAutoStart(false, charity(true, false))).toBe(true);
    expect(shouldAutoStart(false, charity(false, true))).toBe(true);
    expect(shouldAutoStart(false, charity(false, false))).toBe(true);
    expect(shouldAutoStart(false, charity(true, true))).toBe(false);
    expect(shouldAutoStart(true, charity(false, false))).toBe(false);
    expect(shouldAutoStart(false, null)).toBe(false);
  });
});

describe('tour store', () => {
  it('starts, moves, closes (seen) and keeps everything in storage', () => {
    const session = new MemoryStorage();
    const device = new MemoryStorage();
    const store = createTourStore(session, device, 22);
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().state.currentStep));

    expect(store.autoStart({ verified: false, finished_setting_up_account: false })).toBe(true);
    expect(store.get()).toMatchObject({ state: { isActive: true, currentStep: 0 }, moves: 1, starts: 1 });
    // Already active: no second start.
    expect(store.autoStart({ verified: false, finished_setting_up_account: false })).toBe(false);
    store.next();
    store.next();
    store.previous();
    expect(store.get()).toMatchObject({ state: { currentStep: 1 }, moves: 4, starts: 1 });
    expect(seen).toEqual([0, 1, 2, 1]);
    expect(readTourState(session, 22)).toEqual({ isActive: true, currentStep: 1, totalSteps: 22 });

    // A reload: a new store reads the same state, with no pending move.
    const reloaded = createTourStore(session, device, 22);
    expect(reloaded.get()).toMatchObject({
      state: { isActive: true, currentStep: 1 },
      moves: 0,
      seen: false,
    });

    store.close();
    expect(store.get().state).toEqual({ isActive: false, currentStep: 1, totalSteps: 22 });
    expect(readSeen(device)).toBe(true);
    expect(store.autoStart({ verified: false, finished_setting_up_account: false })).toBe(false);
    // Next and Previous do nothing while the tour is closed.
    store.next();
    expect(store.get().state.currentStep).toBe(1);

    // Show tour guide resumes at the step; Take Dashboard Tour starts afresh.
    store.resume();
    expect(store.get()).toMatchObject({ state: { isActive: true, currentStep: 1 }, starts: 2 });
    store.start();
    expect(store.get().state.currentStep).toBe(0);
    store.finish();
    expect(store.get().state).toEqual({ isActive: false, currentStep: 0, totalSteps: 22 });
    unsubscribe();
  });

  it('does not auto-start for a finished and verified charity', () => {
    const store = createTourStore(new MemoryStorage(), new MemoryStorage(), 22);
    expect(store.autoStart({ verified: true, finished_setting_up_account: true })).toBe(false);
    expect(store.get().state.isActive).toBe(false);
  });

  it('finds steps by id', () => {
    expect(stepIndex('account-preferences')).toBe(14);
    expect(stepIndex('completion')).toBe(21);
    expect(stepIndex('no-such-step')).toBe(0);
  });

  it('toggles from the account preferences page: starts there, hides (seen), resumes at the step', () => {
    const device = new MemoryStorage();
    const store = createTourStore(new MemoryStorage(), device, 22);
    toggleTour(store, 'account-preferences');
    expect(store.get().state).toEqual({ isActive: true, currentStep: 14, totalSteps: 22 });
    store.next();
    toggleTour(store, 'account-preferences');
    expect(store.get().state).toEqual({ isActive: false, currentStep: 15, totalSteps: 22 });
    expect(readSeen(device)).toBe(true);
    const moves = store.get().moves;
    toggleTour(store, 'account-preferences');
    expect(store.get()).toMatchObject({ state: { isActive: true, currentStep: 15 }, moves: moves + 1 });
  });
});
