import { usePublicQuery } from '@/lib/query';

/** A charity's public page, by its registration number (no session). */
export const usePublicCharityPageQuery = (registrationNumber: string, { enabled }: { enabled: boolean }) =>
  usePublicQuery('get-public-charity-page', { registrationNumber }, { enabled });
