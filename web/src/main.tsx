// The entry: small on purpose (no React). A prerendered page paints from its HTML and CSS alone; this module
// starts what must start at once and loads the app (boot.tsx) after that first paint.
// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';
// Before the router: the leave guard's Back/Forward listener must be the first on window.
import '@/lib/unsaved/pop-hook';
import { AFTER_FIRST_PAINT_PRELOADS } from '@shared/site/preloads-after-paint';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { keepFormsUntilHydrated } from '@/lib/before-hydration';

// Start fetching the configuration before React's first render (the provider reuses this request).
const configLoad = loadRuntimeConfig();
configLoad.catch(() => {
  // The provider reports a failure when it asks again.
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** How long the app waits for the first paint's timing entry before it loads anyway. */
const FIRST_PAINT_WAIT_MS = 2000;

const start = () => {
  // A prerendered page's chunk preloads (scripts/prerender-web.ts): now, beside the app's own.
  const preloads = document.getElementById(AFTER_FIRST_PAINT_PRELOADS);
  if (preloads instanceof HTMLTemplateElement)
    preloads.replaceWith(document.importNode(preloads.content, true));
  void import('./boot').then(({ boot }) => boot(container, configLoad));
};

if (container.dataset.prerendered === undefined) start();
else {
  // Text typed and forms submitted before hydration are kept from the first moment the page shows.
  keepFormsUntilHydrated(container);
  afterFirstPaint(start);
}

/**
 * Runs `then` once the page's first contentful paint has been presented (the browser's paint timing entry),
 * so that nothing the app fetches shares the bandwidth with what that paint needs. A hidden page (a tab
 * opened in the background) paints nothing: at once then. Without paint timing, or if no entry comes: a
 * task queued from the frame's animation callback runs just after that frame's paint.
 */
function afterFirstPaint(then: () => void) {
  if (document.visibilityState === 'hidden') return then();
  const observer =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length) once();
        })
      : undefined;
  let done = false;
  function once() {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  }
  const afterFrame = () => requestAnimationFrame(() => setTimeout(once, 0));
  if (!observer) return afterFrame();
  observer.observe({ type: 'paint', buffered: true });
  // A safety net: the entry can be withheld (a tab hidden before its first paint).
  setTimeout(afterFrame, FIRST_PAINT_WAIT_MS);
}
