/**
 * Cognito user-pool operations by who may call them on the pool's public endpoint (one list for the AWS WAF
 * rule on the user pool, `constructs/user-pool-firewall.ts`, and the local `/cognito`, `local/cognito-compat.ts`).
 */

/**
 * Every operation Cognito serves without AWS credentials (unauthenticated, or authorised by a user's access
 * token or session): the SDK's `smithy.api#noAuth` operations. `cognito-operations.test.ts` fails when the
 * installed SDK knows one more, so a new one is never left unclassified.
 */
export const COGNITO_PUBLIC_OPERATIONS = [
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListUserSessions',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'RevokeUserSession',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
] as const;

export type CognitoPublicOperation = (typeof COGNITO_PUBLIC_OPERATIONS)[number];

/**
 * What the browser may call: sign-in (and its MFA challenge), refresh, sign-out and reading its own user.
 * Everything else that changes an account (password, attributes, MFA, devices, deletion, forgotten password,
 * sign-up) goes through our own API routes, which check the session, record the cut-off and send the mail.
 */
export const BROWSER_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
] as const satisfies readonly CognitoPublicOperation[];

/**
 * Refused on the public endpoint unless the request carries the backend header with its secret (our functions,
 * which call some of them with the user's access token after their own checks).
 */
export const BACKEND_ONLY_OPERATIONS: readonly CognitoPublicOperation[] = COGNITO_PUBLIC_OPERATIONS.filter(
  (op) => !(BROWSER_OPERATIONS as readonly string[]).includes(op),
);

/** The JSON protocol's target prefix: `X-Amz-Target: AWSCognitoIdentityProviderService.<operation>`. */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
