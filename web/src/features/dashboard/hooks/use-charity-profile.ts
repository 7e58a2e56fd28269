import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { useCallback, useEffect, useState } from 'react';
import { useCharitySession } from '@/features/charity-auth';
import { callApi, isApiError } from '@/lib/api';

export type ProfileLoad =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; profile: CharityProfileResponse };

export const DashboardError = {
  NotFound: 'Charity data not found',
  LoadFailed: 'Failed to load data',
} as const;

/**
 * The signed-in charity's profile and flags, for the dashboard and the page setup view: loads once signed in
 * (no user: the session hook sends the visitor to /charity/signin), reloads quietly after a change.
 */
export function useCharityProfile() {
  const { session, getToken, signOut } = useCharitySession();
  const [load, setLoad] = useState<ProfileLoad>({ kind: 'loading' });
  const signedIn = session.status === 'signed-in';

  /** Loads the profile; a quiet reload (after the live toggle) keeps the page on screen meanwhile. */
  const loadProfile = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ kind: 'loading' });
      const token = await getToken();
      if (!token) return;
      try {
        const profile = await callApi('get-charity-profile', {}, { token });
        setLoad({ kind: 'ready', profile });
      } catch (error) {
        if (quiet) return;
        const notFound = isApiError(error) && error.status === 404;
        setLoad({ kind: 'error', message: notFound ? DashboardError.NotFound : DashboardError.LoadFailed });
      }
    },
    [getToken],
  );

  useEffect(() => {
    if (signedIn) void loadProfile();
  }, [signedIn, loadProfile]);

  /** After the live toggle: shows the new state at once, then reloads the flags. */
  const onLiveChanged = useCallback(
    async (live: boolean | null) => {
      setLoad((current) =>
        current.kind === 'ready' && live !== null
          ? {
              kind: 'ready',
              profile: {
                ...current.profile,
                verification: { ...current.profile.verification, page_is_live: live },
              },
            }
          : current,
      );
      await loadProfile(true);
    },
    [loadProfile],
  );

  const reloadQuietly = useCallback(() => loadProfile(true), [loadProfile]);

  return { load, loadProfile, onLiveChanged, reloadQuietly, getToken, signOut };
}
