import { RESULTS_PAGE_SIZE } from '@shared/register';

/** The finder as the address holds it. */
export interface FinderParams {
  q: string;
  page: number;
  charity: string | null;
}

/** Reads `?q=…&page=…&charity=…` (a missing or odd page is 1; the type is derived from the query). */
export function readFinderParams(params: URLSearchParams): FinderParams {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const charity = params.get('charity')?.trim();
  return {
    q: (params.get('q') ?? '').trim(),
    page: Number.isFinite(page) && page >= 1 && page <= 100 ? page : 1,
    charity: charity ? charity : null,
  };
}

/** The address's query string for a finder state (first page and no charity are left out). */
export function finderParams(next: {
  q?: string;
  type?: string;
  page?: number;
  charity?: string | null;
}): URLSearchParams {
  const out = new URLSearchParams();
  if (!next.q) return out;
  out.set('q', next.q);
  if (next.type) out.set('type', next.type);
  if (next.page && next.page > 1) out.set('page', String(next.page));
  if (next.charity) out.set('charity', next.charity);
  return out;
}

/** How many result pages `visible` results make. */
export function pagesShown(visible: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(visible / pageSize));
}
