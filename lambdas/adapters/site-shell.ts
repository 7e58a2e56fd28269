/** How long a fetched shell is reused: short, as a deploy replaces the hashed bundles it names. */
const SHELL_TTL_MS = 60_000;

/**
 * The SPA shell (index.html) as the site serves it, fetched from the site itself (CloudFront -> S3 in AWS, the
 * local origin locally), so the share document always names the current bundles. Cached per warm function.
 */
export function siteShell(siteUrl: string, fetchImpl: typeof fetch = fetch): () => Promise<string> {
  let cached: { html: string; at: number } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < SHELL_TTL_MS) return cached.html;
    const response = await fetchImpl(`${siteUrl.replace(/\/+$/, '')}/index.html`, {
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`The site shell answered ${response.status}`);
    const html = await response.text();
    cached = { html, at: Date.now() };
    return html;
  };
}
