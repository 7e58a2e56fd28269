import { headTagsHtml, MANAGED_HEAD_SELECTOR } from '@shared/site/head-tags';
import { useEffect } from 'react';
import { formatTitle } from './use-document-title';

/** The site-wide description in index.html, used when a page sets none. */
export const DEFAULT_DESCRIPTION =
  'Kindred helps you discover small, vetted UK charities and give with no platform fee.';

export interface DocumentMeta {
  /** The page's name, before " | Kindred" (none: the brand name alone). */
  title?: string;
  /** One or two sentences for search results (about 150 characters at most). */
  description: string;
  /** Absolute URL of the link-preview image. */
  image?: string;
  imageAlt?: string;
  /** Pages that must stay out of search results (not found, errors). */
  noindex?: boolean;
  /** The canonical path when it keeps part of the query (a listing's filters); else the address's path. */
  canonicalPath?: string;
}

/** The <title> text and meta description of a page, trimmed and whitespace-collapsed. */
export function formatDocumentMeta(meta: DocumentMeta): { title: string; description: string } {
  return {
    title: formatTitle(meta.title),
    description: meta.description.replace(/\s+/g, ' ').trim() || DEFAULT_DESCRIPTION,
  };
}

/**
 * Sets the page's head as crawlers and link previews read it: title, description, canonical URL (this
 * address without query or fragment), Open Graph and Twitter tags, and noindex when asked. The tags are
 * the ones the share document and the edge write (shared/src/site/head-tags.ts).
 */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description } = formatDocumentMeta(meta);
  const { image, imageAlt, noindex, canonicalPath } = meta;
  // The build's prerender (no window) writes these tags into the page's HTML.
  if (typeof window === 'undefined') rendered = meta;
  useEffect(() => {
    for (const element of document.head.querySelectorAll(MANAGED_HEAD_SELECTOR)) element.remove();
    const canonical = noindex
      ? undefined
      : `${window.location.origin}${canonicalPath ?? window.location.pathname}`;
    document.head.insertAdjacentHTML(
      'beforeend',
      headTagsHtml({ title, description, canonical, image, imageAlt, noindex }),
    );
  }, [title, description, image, imageAlt, noindex, canonicalPath]);
}

let rendered: DocumentMeta | null = null;

/** The build's prerender: the meta of the page just rendered (then forgotten). */
export function takeRenderedMeta(): DocumentMeta | null {
  const meta = rendered;
  rendered = null;
  return meta;
}
