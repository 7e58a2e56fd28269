// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';

/**
 * The entry only starts the app (app/boot.tsx: React, the router, the site frame), a chunk every served page
 * preloads. A page prerendered at build time (scripts/prerender-web.ts) is already in the document: the
 * browser paints it first; then the chunks it needs to hydrate (listed on #root) download in parallel and
 * the app hydrates it.
 */
const boot = () => import('@/app/boot');
const root = document.getElementById('root');
if (root?.dataset.prerendered !== undefined && !document.hidden) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of (root.dataset.chunks ?? '').split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      void boot();
    }, 0),
  );
} else void boot();
