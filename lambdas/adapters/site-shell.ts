import { CHARITY_PAGE_SHELL_FILE } from '../../shared/src/site/site-routes';

/** How long a fetched shell is reused: short, as a deploy replaces the hashed bundles it names. */
const SHELL_TTL_MS = 60_000;

/**
 * The SPA shell for a charity's page as the site serves it (the build's `pages/charities/shell.html`: index.html
 * with the charity page's CSS and chunk preloads; index.html itself where the build wrote none), fetched from
 * the site itself (CloudFront -> S3 in AWS, the local origin locally), so the share document always names the
 * current bundles. Cached per warm function.
 */
export function siteShell(siteUrl: string, fetchImpl: typeof fetch = fetch): () => Promise<string> {
  let cached: { html: string; at: number } | null = null;
  const site = siteUrl.replace(/\/+$/, '');
  const get = (path: string) => fetchImpl(`${site}/${path}`, { signal: AbortSignal.timeout(3000) });
  return async () => {
    if (cached && Date.now() - cached.at < SHELL_TTL_MS) return cached.html;
    let response = await get(CHARITY_PAGE_SHELL_FILE);
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel();
      response = await get('index.html');
    }
    if (!response.ok) throw new Error(`The site shell answered ${response.status}`);
    const html = await response.text();
    cached = { html, at: Date.now() };
    return html;
  };
}
