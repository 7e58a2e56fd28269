import { brand } from '@shared/brand';
import { useEffect } from 'react';

/** "<Page> | Kindred" (or the brand name alone). */
export function formatTitle(page?: string): string {
  return page ? `${page} | ${brand.productName}` : brand.productName;
}

/** Sets the document title for the page on screen. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
