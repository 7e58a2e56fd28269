import type { RecommendRequest } from '@shared/api/schemas/discover';
import { usePublicQuery } from '@/lib/query';

/** A shortlist of up to three live charities for the donor's answers (no session; nothing stored). */
export const useRecommendQuery = (input: RecommendRequest, { enabled }: { enabled: boolean }) =>
  usePublicQuery('recommend-charities', input, { enabled });
