import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_TYPE_ATTRIBUTE, type UserType } from '@shared/identity';
import { backendCognitoClient } from './cognito-backend';

/** The email is already a user of the pool. */
export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}
/** Cognito's own password policy refused the password. */
export class PasswordRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordRejectedError';
  }
}

export interface IdentityUser {
  userId: string;
  email: string;
  userType: string | undefined;
}

/** The Cognito operations the backend makes; users are known by email (the pool's username attribute). */
export interface Identity {
  /** Creates a confirmed user with a permanent password; returns its id (`sub`). */
  createUser(email: string, password: string, userType: UserType): Promise<string>;
  findUser(email: string): Promise<IdentityUser | null>;
  setPassword(email: string, password: string): Promise<void>;
  /** Signs the user out of every session (refresh tokens revoked). */
  signOutEverywhere(email: string): Promise<void>;
  /** True when the email and password sign in on the given client. */
  checkPassword(clientId: string, email: string, password: string): Promise<boolean>;
  deleteUser(email: string): Promise<void>;
}

const named = (error: unknown, ...names: string[]) =>
  names.includes((error as { name?: string })?.name ?? '');

export function cognitoIdentity(userPoolId: string, client = backendCognitoClient()): Identity {
  const findUser = async (email: string): Promise<IdentityUser | null> => {
    try {
      const out = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
      return {
        userId: attr('sub') ?? out.Username ?? '',
        email: attr('email') ?? email,
        userType: attr(USER_TYPE_ATTRIBUTE),
      };
    } catch (error) {
      if (named(error, 'UserNotFoundException')) return null;
      throw error;
    }
  };
  const setPassword = async (email: string, password: string) => {
    try {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
    } catch (error) {
      if (named(error, 'InvalidPasswordException')) throw new PasswordRejectedError((error as Error).message);
      throw error;
    }
  };
  return {
    findUser,
    setPassword,
    async createUser(email, password, userType) {
      let sub: string | undefined;
      try {
        const out = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            // Our own emails only: Cognito sends nothing.
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: USER_TYPE_ATTRIBUTE, Value: userType },
            ],
          }),
        );
        sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      } catch (error) {
        if (named(error, 'UsernameExistsException', 'AliasExistsException')) throw new EmailTakenError();
        throw error;
      }
      try {
        await setPassword(email, password);
      } catch (error) {
        await client
          .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }))
          .catch(() => undefined);
        throw error;
      }
      return sub ?? ((await findUser(email))?.userId as string);
    },
    async signOutEverywhere(email) {
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email }));
    },
    async checkPassword(clientId, email, password) {
      try {
        await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        return true;
      } catch (error) {
        if (named(error, 'NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'))
          return false;
        throw error;
      }
    },
    async deleteUser(email) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
      } catch (error) {
        if (!named(error, 'UserNotFoundException')) throw error;
      }
    },
  };
}
