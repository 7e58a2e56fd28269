import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { createContext } from 'react';

/** Id of the `<script type="application/json">` holding the listing's answer in a server-rendered page. */
export const DISCOVER_DATA_ID = 'discover-page-data';

/** What the server rendered `/charities` with: the listing's answer, or why its filters were refused. */
export interface DiscoverPageData {
  /** The listing's query (`discoverQueryKey`): the inline data is for this address only. */
  query: string;
  answer: DiscoverResponse | null;
  /** A refused filter's message (the document's 400), or null. */
  problem: string | null;
}

let consumed = false;

/**
 * The listing in the document's inline JSON (written by the `/charities` document function with the
 * server-rendered markup), for the first page the browser shows: hydrating with the data the server rendered
 * means no refetch and no mismatch. Later visits (a new search, another page) fetch afresh.
 */
function readInlineListing(query: string): DiscoverPageData | null {
  if (consumed || typeof document === 'undefined') return null;
  const text = document.getElementById(DISCOVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as DiscoverPageData;
    return data.query === query ? data : null;
  } catch {
    return null;
  }
}

/** Marks the inline data as used, so a later visit to the listing fetches it again. */
export function consumeInlineListing(): void {
  consumed = true;
}

/**
 * Where the listing's first render finds its data without fetching: the document's inline JSON in the browser;
 * the server render (web/src/prerender/charities-page-server.tsx) provides the listing it renders.
 */
export const PreloadedListingContext =
  createContext<(query: string) => DiscoverPageData | null>(readInlineListing);

/**
 * The inline JSON script for the listing: `<` escaped (so no `</script>` or `<!--` in a charity's words can end
 * it early), `&`, U+2028 and U+2029 too.
 */
export function discoverDataScript(data: DiscoverPageData): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${DISCOVER_DATA_ID}">${json}</script>`;
}
