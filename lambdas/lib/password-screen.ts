import { ErrorCode } from '@shared/api/error-codes';
import { PasswordMessage } from '@shared/password';
import { ValidationError } from './http-errors';

/** True when a password is on the breached-password list (`wiring/passwords.ts` loads the filter). */
export type BreachedCheck = (password: string) => Promise<boolean>;

/**
 * Refuses (400 `PASSWORD_BREACHED`, on `field`) a new password that is on the breached-password list. Every
 * route that sets a password calls it after the composition rules and before any account or Cognito change.
 */
export async function refuseBreachedPassword(
  breached: BreachedCheck,
  password: string,
  field: string,
): Promise<void> {
  if (await breached(password))
    throw new ValidationError(PasswordMessage.Breached, field, ErrorCode.PasswordBreached);
}
