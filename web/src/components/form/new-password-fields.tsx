import type { FocusEvent, Ref } from 'react';
import { PasswordField } from './form-field';
import { PasswordStrength } from './password-strength';

interface NewPasswordField {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A new password with its live rules checklist, then its confirmation: the pair register, settings and the
 * reset page ask for (`<idPrefix>-password`, `<idPrefix>-confirm`).
 */
export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
}: {
  idPrefix: string;
  password: NewPasswordField;
  confirm: NewPasswordField;
}) {
  const rulesId = `${idPrefix}-password-rules`;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        {...password}
        autoComplete="new-password"
        maxLength={256}
        describedById={rulesId}
        required
      >
        <PasswordStrength id={rulesId} password={password.value} />
      </PasswordField>
      <PasswordField
        id={`${idPrefix}-confirm`}
        {...confirm}
        autoComplete="new-password"
        maxLength={256}
        required
      />
    </>
  );
}
