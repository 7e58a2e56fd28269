import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { AppClientName } from '@shared/identity';
import { CreateUserPool } from 'cognito-local/lib/targets/createUserPool';
import { USER_POOL_PASSWORD_POLICY } from '../password-policy';
import type { startCognitoLocal } from './cognito';
import { LOCAL_CREDENTIALS, type LocalSettings } from './settings';

export interface IdentityIds {
  charityClientId: string;
  donorClientId: string;
}

type CognitoLocal = Awaited<ReturnType<typeof startCognitoLocal>>;

const quietCtx = {
  logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
} as never;

/**
 * Creates the user pool (with the AWS-shaped id the verifier needs, and the `user_type` custom attribute)
 * and the two app clients on first start; later starts reuse the ids kept in `<state>/identity.json`.
 */
export async function ensureIdentity(
  s: LocalSettings,
  local: CognitoLocal,
  cognitoUrl: string,
): Promise<IdentityIds> {
  const stateFile = join(s.stateDir, 'identity.json');
  // getUserPool throws synchronously for an unknown pool.
  const exists = await (async () => local.cognito.getUserPool(quietCtx, s.userPoolId))().then(
    () => true,
    () => false,
  );
  if (!exists) {
    // cognito-local generates `local_xxx` ids; keep its attribute handling but give the pool our id.
    const fixedId = {
      ...local.cognito,
      createUserPool: (ctx: never, pool: { Id?: string; Arn?: string }) =>
        local.cognito.createUserPool(ctx, {
          ...pool,
          Id: s.userPoolId,
          Arn: `arn:aws:cognito-idp:${s.region}:000000000000:userpool/${s.userPoolId}`,
        }),
    };
    await CreateUserPool({ cognito: fixedId as never, clock: local.clock })(quietCtx, {
      PoolName: 'kindred-local',
      UsernameAttributes: ['email'],
      // Immutable, as in the stateful stack: set once by AdminCreateUser, never changed.
      Schema: [{ Name: 'user_type', AttributeDataType: 'String', Mutable: false }],
      Policies: {
        PasswordPolicy: {
          MinimumLength: USER_POOL_PASSWORD_POLICY.minLength,
          RequireLowercase: USER_POOL_PASSWORD_POLICY.requireLowercase,
          RequireUppercase: USER_POOL_PASSWORD_POLICY.requireUppercase,
          RequireNumbers: USER_POOL_PASSWORD_POLICY.requireDigits,
          RequireSymbols: USER_POOL_PASSWORD_POLICY.requireSymbols,
        },
      },
    });
  }

  const client = new CognitoIdentityProviderClient({
    endpoint: cognitoUrl,
    region: s.region,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  const saved: Partial<IdentityIds> = existsSync(stateFile)
    ? JSON.parse(readFileSync(stateFile, 'utf8'))
    : {};
  // As the stateful stack defines the clients: no client may write the user type (only the backend sets
  // it, with admin calls); `locale` is the one writable attribute, since an empty list would allow all.
  const settings = {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH' as const, 'ALLOW_REFRESH_TOKEN_AUTH' as const],
    WriteAttributes: ['locale'],
    ReadAttributes: ['email', 'email_verified', 'custom:user_type'],
    PreventUserExistenceErrors: 'ENABLED' as const,
  };
  const ensureClient = async (id: string | undefined, name: string) => {
    if (id) {
      const found = await client
        .send(new DescribeUserPoolClientCommand({ UserPoolId: s.userPoolId, ClientId: id }))
        .then((r) => r.UserPoolClient)
        .catch(() => undefined);
      if (found?.ClientName === name) {
        // Clients made by an earlier version of this file get today's settings.
        if (JSON.stringify(found.WriteAttributes) !== JSON.stringify(settings.WriteAttributes)) {
          await client.send(
            new UpdateUserPoolClientCommand({
              UserPoolId: s.userPoolId,
              ClientId: id,
              ClientName: name,
              ...settings,
            }),
          );
        }
        return id;
      }
    }
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: s.userPoolId, ClientName: name, ...settings }),
    );
    return created.UserPoolClient?.ClientId as string;
  };
  const ids: IdentityIds = {
    charityClientId: await ensureClient(saved.charityClientId, AppClientName.Charity),
    donorClientId: await ensureClient(saved.donorClientId, AppClientName.Donor),
  };
  writeFileSync(stateFile, `${JSON.stringify(ids, null, 2)}\n`);
  return ids;
}
