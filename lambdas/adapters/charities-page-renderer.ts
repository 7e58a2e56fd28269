import type { DiscoverResponse } from '@shared/api/schemas/discover';
import type { RuntimeConfig } from '@shared/config';

/** What the listing's page is rendered with: its query, and its answer or the refused filter's message. */
export interface CharitiesPageData {
  query: string;
  answer: DiscoverResponse | null;
  problem: string | null;
}

/** The `/charities` page rendered by the web's own components: the document's #root with its inline data. */
export type CharitiesPageRenderer = (
  data: CharitiesPageData,
  config: RuntimeConfig,
) => Promise<{ rootHtml: string }>;

/**
 * The web's server render of the listing (web/src/prerender/charities-page-server.tsx, built by
 * `npm run build:web` into `.local-build/web-ssr/`): esbuild bundles it into the function as a chunk of its own
 * (a literal dynamic import); the local cloud imports the built file. Loaded once per container.
 */
export function charitiesPageRenderer(): () => Promise<CharitiesPageRenderer> {
  let loading: Promise<CharitiesPageRenderer> | null = null;
  return () => {
    loading ??= import('../../.local-build/web-ssr/charities-page-server.mjs').then(
      (m) => m.renderCharitiesPage,
    );
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}
