import { ApiError } from '@/lib/api';
import {
  CHANGE_PASSWORD_FAILED,
  canConfirmDelete,
  changePasswordError,
  changePasswordFailure,
  deleteFailureMessage,
} from './settings-rules';

describe('delete account confirmation', () => {
  it('needs exactly DELETEACCOUNT', () => {
    expect(canConfirmDelete('DELETEACCOUNT')).toBe(true);
    expect(canConfirmDelete('deleteaccount')).toBe(false);
    expect(canConfirmDelete(' DELETEACCOUNT')).toBe(false);
    expect(canConfirmDelete('')).toBe(false);
  });

  it('words a failure with its message', () => {
    expect(deleteFailureMessage(new Error('Network error'))).toBe('Failed to delete account: Network error');
    expect(deleteFailureMessage('x')).toBe('Failed to delete account: Unknown error');
  });
});

describe('change password', () => {
  const ok = {
    currentPassword: 'old',
    newPassword: 'Quiet-Harbour-42!',
    confirmPassword: 'Quiet-Harbour-42!',
  };

  it('checks current, then the shared rules, then the confirmation', () => {
    expect(changePasswordError(ok)).toBeNull();
    expect(changePasswordError({ ...ok, currentPassword: '' })?.field).toBe('currentPassword');
    expect(changePasswordError({ ...ok, newPassword: 'short' })).toEqual({
      field: 'newPassword',
      message: 'Password must be at least 12 characters long',
    });
    expect(changePasswordError({ ...ok, confirmPassword: 'nope' })).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
  });

  it('places server failures', () => {
    const wrong = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Current password is incorrect',
      field: 'currentPassword',
    });
    expect(changePasswordFailure(wrong)).toEqual({
      field: 'currentPassword',
      message: 'Current password is incorrect',
    });
    expect(changePasswordFailure(new ApiError({ status: 500, code: 'INTERNAL', message: 'x' })).message).toBe(
      CHANGE_PASSWORD_FAILED,
    );
    expect(changePasswordFailure(new Error('x')).field).toBe('form');
  });
});
