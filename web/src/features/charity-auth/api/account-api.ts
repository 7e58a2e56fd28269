/** The charity account's own calls: registering and resetting a password. */
import type { RouteRequest } from '@shared/api/routes';
import { callApi } from '@/lib/api';
import { usePublicQuery } from '@/lib/query';
import { callCharityApi } from '../lib/charity-api';

export const registerCharity = (values: RouteRequest<'register-charity'>) =>
  callApi('register-charity', values);

export const sendPasswordReset = (email: string) => callApi('send-password-reset', { email });

/** Whether a reset link's token can be used; nothing is asked without one. */
export const useResetToken = (token: string | null) =>
  usePublicQuery('validate-reset-token', { token: token ?? '' }, { enabled: token !== null });

export const resetPasswordWithToken = (token: string, newPassword: string) =>
  callApi('reset-password-with-token', { token, newPassword });

/** The signed-in charity's password change (its current password proves it is the owner). */
export const changePassword = (change: RouteRequest<'change-charity-password'>) =>
  callCharityApi('change-charity-password', change);
