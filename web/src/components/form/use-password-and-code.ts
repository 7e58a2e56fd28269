import { useRef, useState } from 'react';

/** The two fields of a form that proves it is the account's owner: the password and a current code. */
export type PasswordAndCodeField = 'password' | 'code';

/** A failure placed under one of the two fields, or under the form. */
export type PlacedFailure = { field: PasswordAndCodeField | 'form'; message: string };

/**
 * The state of a password-and-code form (turning two-step sign-in off, refunding a donation): the two values,
 * a failure placed under its field (which then takes focus) or under the form, and the refs the two fields
 * take. Editing a field clears the failure.
 */
export function usePasswordAndCode() {
  const [values, setValues] = useState({ password: '', code: '' });
  const [failure, setFailure] = useState<PlacedFailure | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  return {
    values,
    failure,
    passwordRef,
    codeRef,
    change: (field: PasswordAndCodeField) => (value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setFailure(null);
    },
    /** Shows the failure where it belongs and moves focus to its field. */
    fail(placed: PlacedFailure) {
      setFailure(placed);
      if (placed.field === 'password') passwordRef.current?.focus();
      if (placed.field === 'code') codeRef.current?.focus();
    },
    clearFailure: () => setFailure(null),
    clearValues: () => setValues({ password: '', code: '' }),
    /** The message under `field`, from this form's failure or from `shown` (one the caller combined). */
    fieldError: (field: PasswordAndCodeField, shown: PlacedFailure | null = failure) =>
      shown?.field === field ? shown.message : undefined,
  };
}
