import type { RuntimeConfig } from '@shared/config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';
// Before the router: the leave guard's Back/Forward listener must be the first on window.
import '@/lib/unsaved/pop-hook';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { keepFormsUntilHydrated } from '@/lib/before-hydration';

// Start fetching the configuration before React's first render (the provider reuses this request).
const configLoad = loadRuntimeConfig();
configLoad.catch(() => {
  // The provider reports a failure when it asks again.
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (config?: RuntimeConfig) => (
  <StrictMode>
    <App config={config} />
  </StrictMode>
);

/**
 * A page prerendered at build time (scripts/prerender-web.ts) carries its markup in #root and the
 * environment it was rendered for: hydrate it (its lazy route keeps the server markup until its chunk
 * arrives) once the configuration is here, so the first render matches. Rendered for another environment,
 * or without a configuration, the app renders afresh as on every other page.
 */
const prerenderedFor = container.dataset.prerendered;
if (prerenderedFor === undefined) {
  createRoot(container).render(app());
} else {
  keepFormsUntilHydrated(container);
  configLoad.then(
    (config) => {
      if (config.environment === prerenderedFor) hydrateRoot(container, app(config));
      else createRoot(container).render(app(config));
    },
    () => createRoot(container).render(app()),
  );
}
