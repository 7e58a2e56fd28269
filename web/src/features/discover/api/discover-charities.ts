import type { DiscoverQuery } from '@shared/discover';
import { usePublicQuery } from '@/lib/query';

/** A page of live charities for the filters (no session); the filters as the address gives them. */
export const useDiscoverQuery = (query: DiscoverQuery, { enabled }: { enabled: boolean }) =>
  usePublicQuery('discover-charities', query, { enabled });
