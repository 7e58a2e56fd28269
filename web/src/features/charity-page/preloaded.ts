import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { createContext } from 'react';

/** Id of the `<script type="application/json">` holding the page's API answer in a server-rendered page. */
export const CHARITY_PAGE_DATA_ID = 'charity-page-data';

let consumed = false;

/**
 * The charity in the document's inline JSON (written by the share-page lambda with the server-rendered
 * markup), for the first page the browser shows: hydrating with the data the server rendered means no
 * refetch and no mismatch. Later visits (client navigation) fetch afresh.
 */
function readInlineCharity(registrationNumber: string): PublicCharityPage | null {
  if (consumed || typeof document === 'undefined') return null;
  const text = document.getElementById(CHARITY_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const charity = JSON.parse(text) as PublicCharityPage;
    return charity.registration_number === registrationNumber ? charity : null;
  } catch {
    return null;
  }
}

/** Marks the inline data as used, so a later visit to the page fetches it again. */
export function consumeInlineCharity(): void {
  consumed = true;
}

/**
 * Where the page's first render finds its data without fetching: the document's inline JSON in the browser;
 * the server render (web/src/prerender/charity-page-server.tsx) provides the charity it renders.
 */
export const PreloadedCharityContext =
  createContext<(registrationNumber: string) => PublicCharityPage | null>(readInlineCharity);

/**
 * The inline JSON script for a charity's API answer: `<` escaped (so no `</script>` or `<!--` in the text
 * can end it early), `&`, U+2028 and U+2029 too.
 */
export function charityDataScript(charity: PublicCharityPage): string {
  const json = JSON.stringify(charity).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${CHARITY_PAGE_DATA_ID}">${json}</script>`;
}
