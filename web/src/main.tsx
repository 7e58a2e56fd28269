// The entry: small on purpose (no React). A prerendered page paints from its HTML and CSS alone; this module
// starts what must start at once and loads the app (boot.tsx, preloaded by index.html) after that first paint.
// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';
// Before the router: the leave guard's Back/Forward listener must be the first on window.
import '@/lib/unsaved/pop-hook';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { keepFormsUntilHydrated } from '@/lib/before-hydration';

// Start fetching the configuration before React's first render (the provider reuses this request).
const configLoad = loadRuntimeConfig();
configLoad.catch(() => {
  // The provider reports a failure when it asks again.
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const start = () => {
  void import('./boot').then(({ boot }) => boot(container, configLoad));
};

if (container.dataset.prerendered === undefined) start();
else {
  // Text typed and forms submitted before hydration are kept from the first moment the page shows.
  keepFormsUntilHydrated(container);
  afterFirstPaint(start);
}

/**
 * Runs `then` once the page has painted: the frame's animation callback runs just before that paint, a task
 * queued from it just after. A hidden page (a tab opened in the background) paints no frame: at once then.
 */
function afterFirstPaint(then: () => void) {
  if (document.visibilityState === 'hidden') then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}
