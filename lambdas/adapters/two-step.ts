import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { backendCognitoClient } from './cognito-backend';

/**
 * Cognito's software-token MFA as the app's functions use it. Users are named by email (the pool's username
 * attribute) for the admin calls, and by their own access token for the token-authorised ones
 * (AssociateSoftwareToken, VerifySoftwareToken), which the user pool's WAF lets through only with the app's
 * backend header (`cognito-backend.ts`).
 */
export interface TwoStepPort {
  /** Whether TOTP is on for the user (AdminGetUser's UserMFASettingList): the server's own reading. */
  isOn(email: string): Promise<boolean>;
  /** The `sub` of an access token's user (GetUser), or null when Cognito refuses the token. */
  tokenOwner(accessToken: string): Promise<string | null>;
  /** A new pending secret (base32) for the token's user. */
  associate(accessToken: string): Promise<string>;
  /** Confirms the pending secret with a code; false when Cognito refuses the code. */
  verify(accessToken: string, code: string, deviceName: string): Promise<boolean>;
  setOn(email: string, on: boolean): Promise<void>;
  /**
   * A whole sign-in with password and code, as proof the caller holds both (turning TOTP off): 'ok', or which
   * of the two was refused. The tokens it earns are revoked at once.
   */
  signInWithCode(
    clientId: string,
    email: string,
    password: string,
    code: string,
  ): Promise<'ok' | 'wrong-password' | 'wrong-code' | 'code-used' | 'not-on'>;
}

const named = (error: unknown, ...names: string[]) =>
  names.includes((error as { name?: string })?.name ?? '');

export function cognitoTwoStep(
  userPoolId: string,
  // Its requests carry the backend header, which the user pool's firewall asks of AssociateSoftwareToken and
  // VerifySoftwareToken (`cognito-backend.ts`).
  client = backendCognitoClient(),
): TwoStepPort {
  return {
    async isOn(email) {
      const out = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      return (out.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
    },
    async tokenOwner(accessToken) {
      try {
        const out = await client.send(new GetUserCommand({ AccessToken: accessToken }));
        return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
      } catch (error) {
        if (named(error, 'NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'))
          return null;
        throw error;
      }
    },
    async associate(accessToken) {
      const out = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
      if (!out.SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
      return out.SecretCode;
    },
    async verify(accessToken, code, deviceName) {
      try {
        const out = await client.send(
          new VerifySoftwareTokenCommand({
            AccessToken: accessToken,
            UserCode: code,
            FriendlyDeviceName: deviceName,
          }),
        );
        return out.Status === 'SUCCESS';
      } catch (error) {
        if (named(error, 'EnableSoftwareTokenMFAException', 'CodeMismatchException')) return false;
        throw error;
      }
    },
    async setOn(email, on) {
      await client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: userPoolId,
          Username: email,
          SoftwareTokenMfaSettings: { Enabled: on, PreferredMfa: on },
        }),
      );
    },
    async signInWithCode(clientId, email, password, code) {
      let session: string | undefined;
      try {
        const first = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
          const refresh = first.AuthenticationResult?.RefreshToken;
          if (refresh)
            await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: refresh })).catch(() => {});
          return 'not-on';
        }
        session = first.Session;
      } catch (error) {
        if (named(error, 'NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'))
          return 'wrong-password';
        throw error;
      }
      try {
        const out = await client.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: session,
            ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
          }),
        );
        const refresh = out.AuthenticationResult?.RefreshToken;
        if (refresh)
          await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: refresh })).catch(() => {});
        return 'ok';
      } catch (error) {
        if (named(error, 'ExpiredCodeException')) return 'code-used';
        if (named(error, 'CodeMismatchException', 'NotAuthorizedException')) return 'wrong-code';
        throw error;
      }
    },
  };
}
