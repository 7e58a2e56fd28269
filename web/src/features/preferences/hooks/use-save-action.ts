import { useCallback, useState } from 'react';
import { useFlash } from './use-flash';

/**
 * One preference form's save: busy while it runs, the failure line it ends with, or the success message
 * that vanishes after 3 s. `work` makes the calls and answers the success message; `failureOf` answers the
 * line to show below the form, or null when the form shows the failure itself (by a field).
 */
export function useSaveAction() {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, flash] = useFlash();

  const run = useCallback(
    async (work: () => Promise<string>, failureOf: (error: unknown) => string | null) => {
      setSaving(true);
      setFailure(null);
      flash(null);
      try {
        flash(await work());
      } catch (error) {
        setFailure(failureOf(error));
      } finally {
        setSaving(false);
      }
    },
    [flash],
  );

  const clearFailure = useCallback(() => setFailure(null), []);

  return { saving, failure, saved, run, clearFailure };
}
