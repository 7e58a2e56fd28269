import { brand } from '@shared/brand';

/** "<Page> | Kindred" (or the brand name alone). */
export function formatTitle(page?: string): string {
  return page ? `${page} | ${brand.productName}` : brand.productName;
}
