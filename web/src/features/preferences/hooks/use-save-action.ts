import { useCallback, useState } from 'react';
import type { GetToken } from '@/lib/session-token';
import { preferenceToken } from '../utils/save-error';
import { useFlash } from './use-flash';

/**
 * One preference form's save: busy while it runs, the failure line it ends with, or the success message
 * that vanishes after 3 s. `work` gets the session token and answers the success message; with no session
 * the failure is 'User not authenticated'.
 */
export function useSaveAction(getToken: GetToken) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, flash] = useFlash();

  const run = useCallback(
    async (work: (token: string) => Promise<string>, failureOf: (error: unknown) => string) => {
      setSaving(true);
      setFailure(null);
      flash(null);
      try {
        flash(await work(await preferenceToken(getToken)));
      } catch (error) {
        setFailure(failureOf(error));
      } finally {
        setSaving(false);
      }
    },
    [getToken, flash],
  );

  const clearFailure = useCallback(() => setFailure(null), []);

  return { saving, failure, saved, run, clearFailure };
}
