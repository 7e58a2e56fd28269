import type { AnalyticsRange } from '@shared/api/schemas/analytics';
import { useCharityQuery } from '@/features/charity-auth';

/** The signed-in charity's figures of a range (one read), with the stage's launch switch. */
export const useAnalyticsQuery = (range: AnalyticsRange) => useCharityQuery('get-analytics', { range });
