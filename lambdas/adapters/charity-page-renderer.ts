import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import type { RuntimeConfig } from '@shared/config';

/** A charity's page rendered by the web's own components: the document's #root with its inline data. */
export type CharityPageRenderer = (
  charity: PublicCharityPage,
  config: RuntimeConfig,
) => Promise<{ rootHtml: string }>;

/**
 * The web's server render (web/src/prerender/charity-page-server.tsx, built by `npm run build:web` into
 * `.local-build/web-ssr/`): esbuild bundles it into the function as a chunk of its own (a literal dynamic
 * import), so it loads on the first live charity's page, not for a not-found one; the local cloud imports the
 * built file. Loaded once per container.
 */
export function charityPageRenderer(): () => Promise<CharityPageRenderer> {
  let loading: Promise<CharityPageRenderer> | null = null;
  return () => {
    loading ??= import('../../.local-build/web-ssr/charity-page-server.mjs').then((m) => m.renderCharityPage);
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}
