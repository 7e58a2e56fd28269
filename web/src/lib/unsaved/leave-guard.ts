/**
 * Unsaved changes are never lost silently (issue 19, item 1). Forms with unsaved edits register here while
 * they are dirty; anything that would discard them asks first through `confirmLeave()`, which the
 * unsaved-changes dialog answers (Stay or Leave).
 *
 * The app uses react-router declaratively (no data router, so no `useBlocker`): while something is dirty this
 * module guards the three ways out that do not go through our own buttons:
 * - closing or reloading the tab, and links to other sites: `beforeunload` (the browser's own prompt);
 * - links inside the app: a capture-phase click listener on the document, ahead of react-router's `<Link>`;
 *   on Leave the link's address is opened through the router;
 * - Back and Forward: the first `popstate` listener on window (`pop-hook.ts`, added by main.tsx before the
 *   router's own). It undoes the step with `history.go` (react-router keeps
 *   an index in `history.state.idx`) and asks; Leave takes the same step again and lets it through.
 * Buttons that discard edits themselves (dashboard tabs, Back in an editor, Sign Out) await `confirmLeave()`.
 */

import { setPopStateHook } from './pop-hook';

export interface LeaveGuard {
  /** Runs when the user chooses to leave without saving (a stored draft is dropped, for example). */
  onDiscard?: () => void;
}

type Request = { resolve: (leave: boolean) => void; promise: Promise<boolean> };

const guards = new Set<LeaveGuard>();
const listeners = new Set<() => void>();
let request: Request | null = null;
let navigate: ((href: string) => void) | null = null;
let currentIndex: number | null = null;
/** The next popstate is our own undo of a blocked step: react-router must not see it. */
let swallowNextPop = false;
/** The next popstate is a step the user chose to take: let it through. */
let passNextPop = false;
let installed = false;

const notify = () => {
  for (const listener of listeners) listener();
};

/** Whether any form holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return guards.size > 0;
}

/** Registers a dirty form until the returned function is called. */
export function registerLeaveGuard(guard: LeaveGuard): () => void {
  guards.add(guard);
  sync();
  return () => {
    guards.delete(guard);
    sync();
  };
}

/**
 * Resolves true at once when nothing is dirty; otherwise asks (one question at a time) and resolves true
 * when the user chooses to leave (the dirty forms' `onDiscard` have run by then), false to stay.
 */
export function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  if (request) return request.promise.then(() => false);
  let resolve!: (leave: boolean) => void;
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  request = { resolve, promise };
  notify();
  return promise;
}

/** Whether the dialog should be shown (for the dialog host). */
export function isAskingToLeave(): boolean {
  return request !== null;
}

/** The dialog's answer. */
export function answerLeave(leave: boolean): void {
  const current = request;
  if (!current) return;
  request = null;
  if (leave) for (const guard of [...guards]) guard.onDiscard?.();
  notify();
  current.resolve(leave);
}

/** Subscribes to dialog changes (useSyncExternalStore). */
export function subscribeLeave(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog host hands over the router's navigate and the history index of the current entry. */
export function connectRouter(next: ((href: string) => void) | null, index: number | null): void {
  navigate = next;
  currentIndex = index;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

/** A same-origin link to another page of the app, or null when the click is not ours to stop. */
export function appLinkTarget(event: MouseEvent, here: Location = window.location): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin) return null; // leaving the site: beforeunload asks
  if (url.pathname === here.pathname && url.search === here.search) return null; // same page (#anchor)
  return `${url.pathname}${url.search}${url.hash}`;
}

function onClick(event: MouseEvent) {
  if (!hasUnsavedChanges()) return;
  const href = appLinkTarget(event);
  if (href === null) return;
  event.preventDefault();
  event.stopPropagation();
  void confirmLeave().then((leave) => {
    if (leave) navigate?.(href);
  });
}

function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function onPopState(event: PopStateEvent) {
  if (swallowNextPop) {
    swallowNextPop = false;
    event.stopImmediatePropagation();
    return;
  }
  if (passNextPop) {
    passNextPop = false;
    return;
  }
  const target = historyIndex(event.state);
  if (!hasUnsavedChanges() || target === null || currentIndex === null || target === currentIndex) return;
  event.stopImmediatePropagation();
  const delta = currentIndex - target;
  swallowNextPop = true;
  window.history.go(delta);
  void confirmLeave().then((leave) => {
    if (!leave) return;
    passNextPop = true;
    window.history.go(-delta);
  });
}

/** Listeners are on the page only while something is dirty (a clean page keeps the browser's fast paths). */
function sync() {
  const want = hasUnsavedChanges() || swallowNextPop;
  if (want === installed) return;
  installed = want;
  if (!want) passNextPop = false;
  if (want) {
    window.addEventListener('beforeunload', onBeforeUnload);
    setPopStateHook(onPopState);
    document.addEventListener('click', onClick, { capture: true });
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    setPopStateHook(null);
    document.removeEventListener('click', onClick, { capture: true });
  }
}
