import type { RuntimeConfig } from '@shared/config';
import { EMPTY_ROOT, withPrerenderedRoot } from '@shared/site/head-tags';
import { paths } from '@shared/site/paths';
import {
  type DiscoverPageData,
  discoverDataScript,
  PreloadedListingContext,
} from '@/features/discover/preloaded';
import { renderLoaded, serverTree } from './server-tree';

/**
 * `/charities` as its document function serves it (lambdas/domain/discovery/charities-document.ts): the page's
 * own components (the browser's App with a static router at `/charities?<query>`), rendered with the listing's
 * answer (or the refused filter's message) and the site's `/config.json`, as the document's #root, after that
 * answer as inline JSON, from which the browser hydrates without fetching again. Built by the prerender step
 * (scripts/prerender-web.ts) into `.local-build/web-ssr/charities-page-server.mjs`, which the function bundles.
 */
export async function renderCharitiesPage(
  data: DiscoverPageData,
  config: RuntimeConfig,
): Promise<{ rootHtml: string }> {
  const url = data.query ? `${paths.charities.path}?${data.query}` : paths.charities.path;
  const tree = (
    <PreloadedListingContext.Provider value={(query) => (query === data.query ? data : null)}>
      {serverTree(url, config)}
    </PreloadedListingContext.Provider>
  );
  const html = await renderLoaded(tree, url);
  return { rootHtml: withPrerenderedRoot(EMPTY_ROOT, config.environment, html, discoverDataScript(data)) };
}
