import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { PreferenceMessage } from '@shared/preferences';
import { type PageLoad, usePageLoad } from '@/components/charity-area/preferences-layout';
import { useCharitySession } from '@/features/charity-auth';
import { usePreferencesQuery } from '../api/preferences-api';

const LOAD_WORDS = {
  context: 'Failed to load preferences',
  notAuthenticated: PreferenceMessage.NotAuthenticated,
  notFound: PreferenceMessage.CharityNotFound,
};

export interface UsePreferences {
  /** What the page shows: loading, its content, or the failure. */
  load: PageLoad;
  /** The caller's preferences, once loaded. */
  prefs: AccountPreferencesResponse | undefined;
  signOut: () => Promise<void>;
  /** Replaces the loaded preferences after a save (its answer says what is stored now). */
  update: (change: (prefs: AccountPreferencesResponse) => AccountPreferencesResponse) => void;
}

/**
 * The session and the caller's preferences for a preference page: loading, then content or an error. Without
 * a session the page says 'User not authenticated' (spec section 6) instead of loading anything.
 */
export function usePreferences(): UsePreferences {
  const { session, signOut } = useCharitySession({ required: false });
  const query = usePreferencesQuery(session.status === 'signed-in');
  const load = usePageLoad(session.status === 'signed-out', query, LOAD_WORDS);
  return { load, prefs: load.status === 'ready' ? query.data : undefined, signOut, update: query.setData };
}
