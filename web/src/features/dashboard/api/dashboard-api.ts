import { callCharityApi, useCharityQuery } from '@/features/charity-auth';
import { invalidate } from '@/lib/query';

/** The signed-in charity's profile and flags (pass `enabled: signedIn` until the session is known). */
export const useCharityProfileQuery = (enabled: boolean) =>
  useCharityQuery('get-charity-profile', {}, { enabled });

/** Sets the charity's page live or takes it offline; answers the state the server now holds. */
export const setCharityLive = (live: boolean) => callCharityApi('set-charity-live', { live });

/** Loads the profile again (quietly, keeping the page on screen): its flags change with the charity's pages. */
export const profileChanged = () => invalidate(['get-charity-profile']);

/** The charity's donation totals (issue 33): the overview's stat cards show them where giving is open. */
export const useDonationSummaryQuery = (enabled: boolean) =>
  useCharityQuery('get-donation-summary', {}, { enabled });
