/**
 * One setter per field of a New Location / New Service Area form: typing stores the value and clears the
 * form's error line, as both forms do.
 */
export function fieldSetter<F>(setForm: (update: (form: F) => F) => void, clearError: () => void) {
  return <K extends keyof F>(key: K) =>
    (value: F[K]) => {
      setForm((form) => ({ ...form, [key]: value }));
      clearError();
    };
}
