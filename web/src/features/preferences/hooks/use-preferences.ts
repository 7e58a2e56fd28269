import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { PreferenceMessage } from '@shared/preferences';
import { useCallback, useEffect, useState } from 'react';
import type { PendingLoad } from '@/components/charity-area/preferences-layout';
import { useCharitySession } from '@/features/charity-auth';
import { callApi, isApiError } from '@/lib/api';
import { logFailure } from '@/lib/log';

export type PreferencesLoad = PendingLoad | { kind: 'ready'; prefs: AccountPreferencesResponse };

export const LoadMessage = {
  NotFound: PreferenceMessage.CharityNotFound,
  Failed: 'Failed to load preferences. Please try again.',
} as const;

export interface UsePreferences {
  load: PreferencesLoad;
  /** The current ID token, or null (the page then shows 'User not authenticated'). */
  getToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
  /** Reloads; `quiet` keeps the page on screen meanwhile. */
  reload: (quiet?: boolean) => Promise<void>;
  /** Replaces the loaded preferences after a save. */
  update: (change: (prefs: AccountPreferencesResponse) => AccountPreferencesResponse) => void;
}

/**
 * The session and the caller's preferences for a preference page: loading, then content or an error. Without
 * a session the page says 'User not authenticated' (spec section 6) instead of loading anything.
 */
export function usePreferences(): UsePreferences {
  const { session, getToken, signOut } = useCharitySession({ required: false });
  const [load, setLoad] = useState<PreferencesLoad>({ kind: 'loading' });

  const reload = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ kind: 'loading' });
      const token = await getToken();
      if (!token) {
        setLoad({ kind: 'error', message: PreferenceMessage.NotAuthenticated, signedOut: true });
        return;
      }
      try {
        const prefs = await callApi('get-account-preferences', {}, { token });
        setLoad({ kind: 'ready', prefs });
      } catch (error) {
        if (quiet) return;
        // Loading errors are logged (spec section 8) and the page offers the way back.
        logFailure('Failed to load preferences', error);
        if (isApiError(error) && error.status === 401) {
          setLoad({ kind: 'error', message: PreferenceMessage.NotAuthenticated, signedOut: true });
          return;
        }
        const notFound = isApiError(error) && error.status === 404;
        setLoad({ kind: 'error', message: notFound ? LoadMessage.NotFound : LoadMessage.Failed });
      }
    },
    [getToken],
  );

  useEffect(() => {
    if (session.status === 'signed-in') void reload();
    if (session.status === 'signed-out') {
      setLoad({ kind: 'error', message: PreferenceMessage.NotAuthenticated, signedOut: true });
    }
  }, [session.status, reload]);

  const update = useCallback(
    (change: (prefs: AccountPreferencesResponse) => AccountPreferencesResponse) =>
      setLoad((current) =>
        current.kind === 'ready' ? { kind: 'ready', prefs: change(current.prefs) } : current,
      ),
    [],
  );

  return { load, getToken, signOut, reload, update };
}
