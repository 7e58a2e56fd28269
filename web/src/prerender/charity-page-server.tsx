import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import type { RuntimeConfig } from '@shared/config';
import { charityPagePath } from '@shared/public-pages';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { charityDataScript, PreloadedCharityContext } from '@/features/charity-page/preloaded';
import { SUSPENDED_MARKUP, serverTree } from './server-tree';

/** Waits until every lazy module `tree` renders has loaded (its output is dropped). */
function loadLazyModules(tree: ReactNode): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => {
        stream.abort();
        resolve();
      },
      onShellError: reject,
      onError: () => undefined,
    });
  });
}

/**
 * A live charity's public page as the share-page lambda serves it (lambdas/domain/public-pages/
 * share-document.ts): the page's own components (the browser's App with a static router at
 * `/charities/<number>`), rendered with the charity's API answer and the site's `/config.json`, as the
 * document's #root (in place of the shell's empty one), after that answer as inline JSON, from which the
 * browser hydrates without fetching again. Built by the prerender step
 * (scripts/prerender-web.ts) into `.local-build/web-ssr/charity-page-server.mjs`, which the lambda bundles.
 * The first call in a process waits for the lazy modules (the route's chunk); later calls render at once.
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
  let html = renderToString(tree);
  for (let attempt = 0; SUSPENDED_MARKUP.test(html); attempt++) {
    if (attempt === 3) throw new Error('The charity page still suspends after loading its modules');
    await loadLazyModules(tree);
    html = renderToString(tree);
  }
  // main.tsx hydrates a #root marked with the environment it was rendered for (as the prerendered pages).
  const environment = config.environment.replace(/[&"<>]/g, '');
  return {
    rootHtml: `${charityDataScript(charity)}<div id="root" data-prerendered="${environment}">${html}</div>`,
  };
}
