import type { RuntimeConfig } from '@shared/config';
import { CHARITIES_PAGE_SHELL_FILE } from '@shared/site/site-routes';
import { type CharitiesPageRenderer, charitiesPageRenderer } from '../adapters/charities-page-renderer';
import { siteConfig, siteShell } from '../adapters/site-shell';
import type { DiscoverDeps } from '../domain/discovery/discover';
import { BaseEnv, readEnv, rule } from '../lib/env';
import { discoverDeps } from './discovery';

const PageEnv = BaseEnv.extend({ SITE_URL: rule.url() });

/**
 * render-charities-page: discovery's dependencies, the listing's shell and the site's `/config.json`, and the
 * web's server render of the page (loaded on first use). A module of its own: esbuild bundles a dynamic
 * import's target even from unused code, so discover-charities, which imports discovery.ts, must not see it.
 */
export function charitiesPageDeps(): DiscoverDeps & {
  siteUrl: string;
  shell: () => Promise<string>;
  config: () => Promise<RuntimeConfig>;
  renderer: () => Promise<CharitiesPageRenderer>;
} {
  const { SITE_URL } = readEnv(PageEnv);
  return {
    ...discoverDeps(),
    siteUrl: SITE_URL,
    shell: siteShell(SITE_URL, fetch, CHARITIES_PAGE_SHELL_FILE),
    config: siteConfig(SITE_URL),
    renderer: charitiesPageRenderer(),
  };
}
