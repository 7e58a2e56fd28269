import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_TYPE_ATTRIBUTE, type UserType } from '../../shared/src/identity';
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

/** Creates a confirmed user the way the backend will: AdminCreateUser + a permanent password. */
export async function createUser(userType: UserType, email = `${userType}-${randomUUID()}@example.org`) {
  const { env } = cloud();
  const client = cognitoClient();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: env.USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: USER_TYPE_ATTRIBUTE, Value: userType },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: env.USER_POOL_ID,
      Username: email,
      Password: TEST_PASSWORD,
      Permanent: true,
    }),
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
