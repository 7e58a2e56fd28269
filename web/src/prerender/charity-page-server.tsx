import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import type { RuntimeConfig } from '@shared/config';
import { charityPagePath } from '@shared/public-pages';
import { EMPTY_ROOT, withPrerenderedRoot } from '@shared/site/head-tags';
import { charityDataScript, PreloadedCharityContext } from '@/features/charity-page/preloaded';
import { renderLoaded, serverTree } from './server-tree';

/**
 * A live charity's public page as the share-page lambda serves it (lambdas/domain/public-pages/
 * share-document.ts): the page's own components (the browser's App with a static router at
 * `/charities/<number>`), rendered with the charity's API answer and the site's `/config.json`, as the
 * document's #root (in place of the shell's empty one), after that answer as inline JSON, from which the
 * browser hydrates without fetching again. Built by the prerender step
 * (scripts/prerender-web.ts) into `.local-build/web-ssr/charity-page-server.mjs`, which the lambda bundles.
 * The first call in a process waits for the lazy modules (the route's chunk); later calls render at once
 * (`renderLoaded`).
 */
export async function renderCharityPage(
  charity: PublicCharityPage,
  config: RuntimeConfig,
): Promise<{ rootHtml: string }> {
  const tree = (
    <PreloadedCharityContext.Provider
      value={(number) => (number === charity.registration_number ? charity : null)}
    >
      {serverTree(charityPagePath(charity.registration_number), config)}
    </PreloadedCharityContext.Provider>
  );
  const html = await renderLoaded(tree, charityPagePath(charity.registration_number));
  // Marked with the environment it was rendered for, as the prerendered pages, so main.tsx hydrates it.
  return { rootHtml: withPrerenderedRoot(EMPTY_ROOT, config.environment, html, charityDataScript(charity)) };
}
