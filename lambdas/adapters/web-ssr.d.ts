/**
 * The web's server render of a charity's page, built by `npm run build:web` (scripts/prerender-web.ts, from
 * web/src/prerender/charity-page-server.tsx) into `.local-build/web-ssr/`. Declared here so the type check
 * needs no build; the shapes are the ones that file exports.
 */
declare module '*/web-ssr/charity-page-server.mjs' {
  import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
  import type { RuntimeConfig } from '@shared/config';

  export function renderCharityPage(
    charity: PublicCharityPage,
    config: RuntimeConfig,
  ): Promise<{ rootHtml: string }>;
}

/** The `/charities` listing's server render (web/src/prerender/charities-page-server.tsx). */
declare module '*/web-ssr/charities-page-server.mjs' {
  import type { DiscoverResponse } from '@shared/api/schemas/discover';
  import type { RuntimeConfig } from '@shared/config';

  export function renderCharitiesPage(
    data: { query: string; answer: DiscoverResponse | null; problem: string | null },
    config: RuntimeConfig,
  ): Promise<{ rootHtml: string }>;
}
