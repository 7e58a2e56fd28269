import type { RuntimeConfig } from '@shared/config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';

const app = (config?: RuntimeConfig) => (
  <StrictMode>
    <App config={config} />
  </StrictMode>
);

/**
 * Starts the app in `container` (loaded by main.tsx). A page prerendered at build time
 * (scripts/prerender-web.ts) carries its markup in #root and the environment it was rendered for: it is
 * hydrated (its lazy route keeps the server markup until its chunk arrives) once the configuration is here,
 * so the first render matches. The hydration is a transition: React renders it in slices of a few
 * milliseconds, yielding to the browser between them, instead of one long task that would hold up typing
 * and clicks. Rendered for another environment, or without a configuration, the app renders afresh as on
 * every other page.
 */
export function boot(container: HTMLElement, configLoad: Promise<RuntimeConfig>): void {
  const prerenderedFor = container.dataset.prerendered;
  if (prerenderedFor === undefined) {
    createRoot(container).render(app());
    return;
  }
  configLoad.then(
    (config) => {
      if (config.environment === prerenderedFor)
        startTransition(() => void hydrateRoot(container, app(config)));
      else createRoot(container).render(app(config));
    },
    () => createRoot(container).render(app()),
  );
}
