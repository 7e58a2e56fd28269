import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserType } from '@shared/identity';
import { cognitoIdentity } from '../../lambdas/adapters/identity';
import { cloud } from './cloud';

export const TEST_PASSWORD = 'Kindred-Test-Pass-9!';

export function cognitoClient(): CognitoIdentityProviderClient {
  const { env } = cloud();
  return new CognitoIdentityProviderClient({
    endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    region: env.AWS_REGION,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID as string,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
    },
    maxAttempts: 1,
  });
}

/** Creates a confirmed user the way the backend does: through its own identity adapter (AdminCreateUser + password). */
export async function createUser(userType: UserType, email = `${userType}-${randomUUID()}@example.org`) {
  const { env } = cloud();
  await cognitoIdentity(env.USER_POOL_ID as string, cognitoClient()).createUser(
    email,
    TEST_PASSWORD,
    userType,
  );
  return { email, password: TEST_PASSWORD };
}

export async function signIn(clientId: string, email: string, password = TEST_PASSWORD) {
  const out = await cognitoClient().send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.IdToken || !result.AccessToken || !result.RefreshToken)
    throw new Error('sign-in returned no tokens');
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}
