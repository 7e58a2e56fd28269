import { callApi } from '@/lib/api';
import { usePublicQuery } from '@/lib/query';

/** Which charity a "this wasn't me" link names; nothing is asked without a link token. */
export const useNotMeLink = (token: string | null) =>
  usePublicQuery('check-not-me-link', { token: token ?? '' }, { enabled: token !== null });

/** Removes the unverified registration the link names. */
export const removeRegistration = (token: string) => callApi('use-not-me-link', { token });
