import type { RuntimeConfig } from '@shared/config';
import { type CharityPageRenderer, charityPageRenderer } from '../adapters/charity-page-renderer';
import { siteConfig } from '../adapters/site-shell';
import { publicPageDeps } from './public-pages';

/**
 * render-charity-share-page: the public page dependencies, the site's `/config.json` and the web's server
 * render of a charity's page (loaded on first use). A module of its own: esbuild bundles a dynamic import's
 * target even from unused code, so the other public-page functions, which import public-pages.ts, must not
 * see it.
 */
export function sharePageDeps(): ReturnType<typeof publicPageDeps> & {
  config: () => Promise<RuntimeConfig>;
  renderer: () => Promise<CharityPageRenderer>;
} {
  const deps = publicPageDeps();
  return { ...deps, config: siteConfig(deps.siteUrl), renderer: charityPageRenderer() };
}
