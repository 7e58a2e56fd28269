import { DiscoverRequest, type DiscoverResponse } from '@shared/api/schemas/discover';
import { brand } from '@shared/brand';
import {
  DISCOVER_DESCRIPTION,
  DISCOVER_QUERY_KEYS,
  DISCOVER_TITLE,
  type DiscoverQuery,
  discoverIndexing,
  discoverQueryKey,
} from '@shared/discover';
import { EMPTY_ROOT, withHeadTags, withLowPriorityScripts } from '@shared/site/head-tags';
import { withoutModulePreloads } from '@shared/site/preloads-after-paint';
import { type DiscoverDeps, discoverCharities } from './discover';

/** What the listing's page is rendered with: its query, and its answer or the refused filter's message. */
export interface ListingPageData {
  /** `discoverQueryKey` of the address: the browser hydrates from the data only at that address. */
  query: string;
  answer: DiscoverResponse | null;
  problem: string | null;
}

/** The listing's server render (the web's own components, lambdas/adapters/charities-page-renderer.ts). */
export interface ListingRender {
  /** The document's #root with the markup, preceded by the data as inline JSON. */
  render: (data: ListingPageData) => Promise<{ rootHtml: string }>;
  /** A render that fails leaves the shell as it is (the browser renders the page): told here. */
  onRenderError: (error: unknown) => void;
}

export interface ListingDocument {
  statusCode: 200 | 400;
  html: string;
}

/**
 * `/charities` (issue 45) as its document: the listing for the address's filters (`discoverCharities`), the
 * head (title, description, canonical URL with the filters, noindex for later pages, a typed place or an empty
 * answer, the first card's picture preloaded) and, with `server`, the page itself in #root, rendered by the
 * web's components, with the answer inline for hydration. A filter the listing refuses (an unknown cause or
 * size, a page out of range: an edited link) answers 400 with the page saying why, noindex.
 */
export async function renderCharitiesDocument(
  deps: DiscoverDeps & { siteUrl: string },
  shell: string,
  raw: DiscoverQuery,
  server?: ListingRender,
): Promise<ListingDocument> {
  const query = discoverQueryKey(raw);
  // Its four keys alone (the pipeline drops the others already; a direct caller may not).
  const filters = Object.fromEntries(
    DISCOVER_QUERY_KEYS.flatMap((key) => (raw[key] === undefined ? [] : [[key, raw[key]]])),
  );
  const parsed = DiscoverRequest.safeParse(filters);
  const answer = parsed.success ? await discoverCharities(deps, parsed.data) : null;
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'That search is not valid.');
  const site = deps.siteUrl.replace(/\/+$/, '');
  const indexing = answer ? discoverIndexing(answer) : null;

  let rendered: { rootHtml: string } | null = null;
  if (server && shell.includes(EMPTY_ROOT)) {
    try {
      rendered = await server.render({ query, answer, problem });
    } catch (error) {
      server.onRenderError(error);
    }
  }
  const head = withHeadTags(shell, {
    title: `${DISCOVER_TITLE} | ${brand.productName}`,
    description: DISCOVER_DESCRIPTION,
    canonical: indexing ? `${site}${indexing.canonicalPath}` : undefined,
    noindex: indexing ? indexing.noindex : true,
    // Without the server render, the app's request starts with the document. No picture is preloaded: the
    // largest paint is the page's text, and its styles come first (decision 21.5).
    preloads:
      rendered || !answer ? [] : [{ href: `/api/discover${query ? `?${query}` : ''}`, as: 'fetch' as const }],
  });
  const statusCode = answer ? 200 : 400;
  if (!rendered) return { statusCode, html: head };
  // The page paints from the markup: the scripts that hydrate it must not compete with its pictures.
  return {
    statusCode,
    html: withLowPriorityScripts(withoutModulePreloads(head.replace(EMPTY_ROOT, () => rendered.rootHtml))),
  };
}
