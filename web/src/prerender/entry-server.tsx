import type { RuntimeConfig } from '@shared/config';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { formatDocumentMeta, takeRenderedMeta } from '@/components/seo/use-document-meta';
import { SUSPENDED_MARKUP, serverTree } from './server-tree';

/**
 * The build's prerender (scripts/prerender-web.ts, through Vite's SSR build): one public page as HTML,
 * the same tree as the browser's App (main.tsx) with a static router. A first pass waits for every lazy
 * module the page renders (its route, Suspense); the second renders them at once, so the markup is the page
 * itself (no loading state, no streaming scripts, which the CSP would refuse). Runs in Node only.
 */
export async function renderPage(
  url: string,
  config: RuntimeConfig,
): Promise<{ html: string; meta: { title: string; description: string; noindex?: boolean } | null }> {
  const tree = serverTree(url, config);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { onError: (error) => void errors.push(error) });
  for await (const _ of prelude) {
    // Drained: this pass only loads the lazy modules.
  }
  // A component that fails on the server would leave its client-rendered fallback in the page: fail the build.
  if (errors.length) throw errors[0];
  takeRenderedMeta();
  const html = renderToString(tree);
  if (SUSPENDED_MARKUP.test(html)) throw new Error(`${url}: the page still suspends after loading`);
  const meta = takeRenderedMeta();
  return { html, meta: meta && { ...formatDocumentMeta(meta), noindex: meta.noindex } };
}
