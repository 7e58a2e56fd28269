import { RESULTS_PAGE_SIZE } from '@shared/register';

/** How many results show after a new search: the first page, or all of them when fewer. */
export function firstPageCount(total: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, pageSize));
}

/** How many results show after "Load More Charities": one more page, never past the total. */
export function nextPageCount(visible: number, total: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, Math.max(visible, 0) + pageSize));
}

/** Whether "Load More Charities" has anything left to show. */
export function hasMore(visible: number, total: number): boolean {
  return visible < total;
}
