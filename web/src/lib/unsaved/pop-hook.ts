/**
 * The first `popstate` listener on window: imported by main.tsx before the router exists, so it runs before
 * react-router's own listener (listeners on the same target run in the order they were added; Chromium runs
 * capture listeners at the target in that order too). The leave guard sets the hook while a form is dirty,
 * to stop a Back or Forward step before the router sees it. Tiny on purpose: it is in every page's bundle.
 */
type PopStateHook = (event: PopStateEvent) => void;

let hook: PopStateHook | null = null;

export function setPopStateHook(next: PopStateHook | null): void {
  hook = next;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => hook?.(event));
}
