/**
 * The client's own console logging of failures. Backend auth failures (a refused or expired session, a wrong
 * password) are not printed: the charity-area spec has the client hide console messages about them; the
 * page itself says what happened.
 */

const AUTH_ERROR_NAMES = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'UserUnAuthenticatedException',
  'NoSessionError',
]);

/** Whether an error is a backend auth failure: HTTP 401/403 from our API, or Cognito's refusals. */
export function isAuthFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { status, name } = error as { status?: unknown; name?: unknown };
  if (status === 401 || status === 403) return true;
  return typeof name === 'string' && AUTH_ERROR_NAMES.has(name);
}

/** Logs a failure with its context, unless it is a backend auth failure. */
export function logFailure(context: string, error: unknown): void {
  if (isAuthFailure(error)) return;
  console.error(context, error);
}
