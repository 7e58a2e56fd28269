// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';

/**
 * The entry only starts the app (app/boot.tsx: React, the router, the site frame), a chunk every served page
 * preloads (scripts/prerender-web.ts). A page prerendered at build time is already in the document: the
 * browser paints it first, and the app's JavaScript runs (and hydrates it) just after that paint.
 */
const boot = () => import('@/app/boot');
if (document.getElementById('root')?.dataset.prerendered !== undefined && !document.hidden)
  requestAnimationFrame(() => setTimeout(boot, 0));
else void boot();
