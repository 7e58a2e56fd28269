import { resetPasswordError } from '@shared/password';
import type { PlacedFailure } from '@/components/form/use-password-and-code';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';

/** The exact text a charity types to confirm deleting its account (charity-area spec, sections 5 and 9). */
export const DELETE_CONFIRMATION = 'DELETEACCOUNT';

export function canConfirmDelete(typed: string): boolean {
  return typed === DELETE_CONFIRMATION;
}

/** "Failed to delete account: {message}" (charity-area spec, section 8). */
export function deleteFailureMessage(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return `Failed to delete account: ${message}`;
}

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CHANGE_PASSWORD_FAILED = 'Failed to update password. Please try again or contact support.';

/** The first problem of the change-password form and the field it belongs to, or null. */
export function changePasswordError(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): { field: ChangePasswordField; message: string } | null {
  if (!values.currentPassword) return { field: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED };
  const message = resetPasswordError(values.newPassword, values.confirmPassword);
  if (!message) return null;
  const onConfirm = message === 'Please confirm your password' || message === 'Passwords do not match';
  return { field: onConfirm ? 'confirmPassword' : 'newPassword', message };
}

/** Where a failed `change-charity-password` call's message goes. */
export function changePasswordFailure(error: unknown): {
  field: ChangePasswordField | 'form';
  message: string;
} {
  if (!isApiError(error)) return { field: 'form', message: CHANGE_PASSWORD_FAILED };
  if (error.field === 'currentPassword' || error.field === 'newPassword' || error.field === 'confirmPassword')
    return { field: error.field, message: error.message };
  if (error.code === ClientErrorCode.Network) return { field: 'form', message: NETWORK_ERROR_MESSAGE };
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse)
    return { field: 'form', message: CHANGE_PASSWORD_FAILED };
  return { field: 'form', message: error.message || CHANGE_PASSWORD_FAILED };
}

export const TWO_STEP_FAILED = 'Two-step sign-in could not be changed. Please try again or contact support.';

/** Where a failed two-step call's message goes: under the code or password field, or under the form. */
export function twoStepFailure(error: unknown): PlacedFailure {
  if (!isApiError(error))
    return {
      field: 'form',
      message: error instanceof Error && error.message ? error.message : TWO_STEP_FAILED,
    };
  if (error.field === 'code' || error.field === 'password')
    return { field: error.field, message: error.message };
  if (error.code === ClientErrorCode.Network) return { field: 'form', message: NETWORK_ERROR_MESSAGE };
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse)
    return { field: 'form', message: TWO_STEP_FAILED };
  return { field: 'form', message: error.message || TWO_STEP_FAILED };
}
