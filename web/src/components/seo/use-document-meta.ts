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
}

/** The <title> text and meta description of a page, trimmed and whitespace-collapsed. */
export function formatDocumentMeta(meta: DocumentMeta): { title: string; description: string } {
  return {
    title: formatTitle(meta.title),
    description: meta.description.replace(/\s+/g, ' ').trim() || DEFAULT_DESCRIPTION,
  };
}

/** Sets the document title and `<meta name="description">` for the page on screen. */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description } = formatDocumentMeta(meta);
  useEffect(() => {
    document.title = title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
