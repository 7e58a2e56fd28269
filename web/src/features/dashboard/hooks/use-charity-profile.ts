import { useCallback } from 'react';
import { useCharitySession } from '@/features/charity-auth';
import { isApiError } from '@/lib/api';
import { profileChanged, useCharityProfileQuery } from '../api/dashboard-api';

export const DashboardError = {
  NotFound: 'Charity data not found',
  LoadFailed: 'Failed to load data',
} as const;

/**
 * The signed-in charity's profile and flags, for the dashboard and the page setup view: loads once signed in
 * (no user: the session hook sends the visitor to /charity/signin), reloads quietly after a change.
 */
export function useCharityProfile() {
  const { session, signOut } = useCharitySession();
  const query = useCharityProfileQuery(session.status === 'signed-in');
  const { setData } = query;

  /** After the live toggle: shows the new state at once, then reloads the flags. */
  const onLiveChanged = useCallback(
    async (live: boolean | null) => {
      if (live !== null)
        setData((profile) => ({ ...profile, verification: { ...profile.verification, page_is_live: live } }));
      await profileChanged();
    },
    [setData],
  );

  const notFound = isApiError(query.error) && query.error.status === 404;
  return {
    status: query.status,
    profile: query.data ?? null,
    /** Why the first load failed (a failed quiet reload keeps the profile on screen and says nothing). */
    failure: notFound ? DashboardError.NotFound : DashboardError.LoadFailed,
    retry: query.refetch,
    onLiveChanged,
    signOut,
  };
}
