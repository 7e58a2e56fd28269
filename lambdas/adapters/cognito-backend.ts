import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The header that lets our functions through the user pool's firewall (`infra/constructs/user-pool-firewall.ts`)
 * for the operations it refuses to browsers (AssociateSoftwareToken and the like, called with the user's access
 * token after our own checks). Its value is a Secrets Manager secret, in `COGNITO_BACKEND_SECRET` of the
 * functions that declare `userTokenCalls`.
 */
export const COGNITO_BACKEND_HEADER = 'x-kindred-backend';
export const COGNITO_BACKEND_SECRET_ENV = 'COGNITO_BACKEND_SECRET';

/**
 * A Cognito client whose every request carries the backend header (when the function has the secret; without
 * it the firewall refuses the browser-refused operations, as it should).
 */
export function backendCognitoClient(
  secret = process.env[COGNITO_BACKEND_SECRET_ENV],
  client = new CognitoIdentityProviderClient({}),
): CognitoIdentityProviderClient {
  if (!secret) return client;
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers[COGNITO_BACKEND_HEADER] = secret;
      return next(args);
    },
    { step: 'build', name: 'kindredBackendHeader' },
  );
  return client;
}
