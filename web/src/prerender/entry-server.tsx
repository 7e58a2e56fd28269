import type { RuntimeConfig } from '@shared/config';
import { formatDocumentMeta, takeRenderedMeta } from '@/components/seo/use-document-meta';
import { renderLoaded, serverTree } from './server-tree';

/**
 * The build's prerender (scripts/prerender-web.ts, through Vite's SSR build): one public page as HTML,
 * the same tree as the browser's App (main.tsx) with a static router, once its lazy modules have loaded
 * (`renderLoaded`). Runs in Node only.
 */
export async function renderPage(
  url: string,
  config: RuntimeConfig,
): Promise<{ html: string; meta: { title: string; description: string; noindex?: boolean } | null }> {
  // The meta of the render taken last (each render records it).
  const html = await renderLoaded(serverTree(url, config), url);
  const meta = takeRenderedMeta();
  return { html, meta: meta && { ...formatDocumentMeta(meta), noindex: meta.noindex } };
}
