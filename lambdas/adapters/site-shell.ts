import type { RuntimeConfig } from '@shared/config';
import { CHARITY_PAGE_SHELL_FILE } from '@shared/site/site-routes';

/** How long a fetched shell is reused: short, as a deploy replaces the hashed bundles it names. */
const SHELL_TTL_MS = 60_000;

/** A file of the site, fetched from the site itself and reused for {@link SHELL_TTL_MS} per warm function. */
function cachedSiteFile<T>(
  siteUrl: string,
  fetchImpl: typeof fetch,
  load: (get: (path: string) => Promise<Response>) => Promise<T>,
): () => Promise<T> {
  let cached: { value: T; at: number } | null = null;
  const site = siteUrl.replace(/\/+$/, '');
  const get = (path: string) => fetchImpl(`${site}/${path}`, { signal: AbortSignal.timeout(3000) });
  return async () => {
    if (cached && Date.now() - cached.at < SHELL_TTL_MS) return cached.value;
    const value = await load(get);
    cached = { value, at: Date.now() };
    return value;
  };
}

/**
 * The SPA shell for a charity's page as the site serves it (the build's `pages/charities/shell.html`: index.html
 * with the charity page's CSS and chunk preloads; `file` for another page's, such as the `/charities` listing's;
 * index.html itself where the build wrote none), fetched from
 * the site itself (CloudFront -> S3 in AWS, the local origin locally), so the share document always names the
 * current bundles. Cached per warm function.
 */
export function siteShell(
  siteUrl: string,
  fetchImpl: typeof fetch = fetch,
  file: string = CHARITY_PAGE_SHELL_FILE,
): () => Promise<string> {
  return cachedSiteFile(siteUrl, fetchImpl, async (get) => {
    let response = await get(file);
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel();
      response = await get('index.html');
    }
    if (!response.ok) throw new Error(`The site shell answered ${response.status}`);
    return response.text();
  });
}

/**
 * The site's `/config.json`, the configuration the browser will run with: a server-rendered page is rendered
 * with it, so the markup it hydrates (media addresses, the environment's name) is the markup it would render.
 * Cached per warm function, as the shell.
 */
export function siteConfig(siteUrl: string, fetchImpl: typeof fetch = fetch): () => Promise<RuntimeConfig> {
  return cachedSiteFile(siteUrl, fetchImpl, async (get) => {
    const response = await get('config.json');
    if (!response.ok) throw new Error(`The site's config.json answered ${response.status}`);
    // The schema (zod) loads here, on the first render, not with the public-page functions that import this file.
    const { RuntimeConfig } = await import('@shared/config');
    return RuntimeConfig.parse(await response.json());
  });
}
