import { PASSWORD_MIN_LENGTH } from '@shared/password';

/**
 * The user pool's password policy, read by the stateful stack and the local cloud's pool. The app's own
 * rules (`shared/src/password.ts`) are stricter; Cognito's are the floor they never go below.
 */
export const USER_POOL_PASSWORD_POLICY = {
  minLength: PASSWORD_MIN_LENGTH,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;
