import { evaluatePassword, PasswordMessage } from '@shared/password';
import { normaliseRegistrationNumber, REGISTRATION_NUMBER_FORMAT_MESSAGE } from '@shared/register';

/** The same address shape the API checks (shared `EmailField`). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FormMessage = {
  EmailRequired: 'Email is required',
  EmailInvalid: 'Please enter a valid email address',
  ForgotEmailRequired: 'Please enter your email address',
  RegistrationNumberRequired: 'Charity registration number is required',
  RegistrationNumberFormat: REGISTRATION_NUMBER_FORMAT_MESSAGE,
  CurrentPasswordRequired: 'Current password is required',
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

function emailError(email: string, required: string = FormMessage.EmailRequired): string | undefined {
  if (!email.trim()) return required;
  if (!isEmailShaped(email)) return FormMessage.EmailInvalid;
  return undefined;
}

export type RegistrationField = 'charityRegistrationNumber' | 'email' | 'password' | 'confirmPassword';

export interface RegistrationValues {
  charityRegistrationNumber: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Registration rules (public-site spec, section 5); an empty object when the form may be sent. */
export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (!values.charityRegistrationNumber.trim())
    errors.charityRegistrationNumber = FormMessage.RegistrationNumberRequired;
  else if (normaliseRegistrationNumber(values.charityRegistrationNumber) === null)
    errors.charityRegistrationNumber = FormMessage.RegistrationNumberFormat;
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = PasswordMessage.Required;
  else if (!evaluatePassword(values.password).valid)
    errors.password = PasswordMessage.DoesNotMeetRequirements;
  if (!values.confirmPassword) errors.confirmPassword = PasswordMessage.ConfirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = PasswordMessage.Mismatch;
  return errors;
}

/** Sign-in: email required and address-shaped, password required. */
export function validateSignIn(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = PasswordMessage.Required;
  return errors;
}

/** Forgot password: its own wording for an empty address. */
export function validateForgotPassword(email: string): string | undefined {
  return emailError(email, FormMessage.ForgotEmailRequired);
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** A copy of `errors` without `field`: errors clear as soon as their field is edited. */
export function clearFieldError<K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> {
  if (!errors[field]) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** A confirmation's problem as the user leaves it: empty once a password is typed, or different from it. */
export function confirmErrorOnLeave(password: string, confirm: string): string | null {
  if (!confirm) return password ? PasswordMessage.ConfirmRequired : null;
  return confirm === password ? null : PasswordMessage.Mismatch;
}

/** Whether a password-pair message belongs under the confirmation rather than the password. */
export function isConfirmProblem(message: string): boolean {
  return message === PasswordMessage.ConfirmRequired || message === PasswordMessage.Mismatch;
}
