import type http from 'node:http';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { COGNITO_BACKEND_HEADER } from '../../lambdas/adapters/cognito-backend';
import { BACKEND_ONLY_OPERATIONS, BROWSER_OPERATIONS, COGNITO_TARGET_PREFIX } from '../cognito-operations';
import type { LocalMfa } from './cognito-mfa';
import { jwtClaims, type SigningKey } from './signing-key';
import { verifySigV4 } from './sigv4';

const TARGET_PREFIX = COGNITO_TARGET_PREFIX;

/**
 * What an app client without a secret may call on Cognito's public API with no AWS credentials and no backend
 * header (the web's Amplify and our backend's sign-in check): `BROWSER_OPERATIONS`, the same list the user
 * pool's AWS WAF rule lets through. Every admin operation needs IAM credentials.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set<string>(BROWSER_OPERATIONS);

/**
 * The public operations the user pool's firewall refuses (403 `ForbiddenException`, before Cognito) unless the
 * request carries the backend header with its secret: never on `/cognito`, on the SDK endpoint only for our
 * functions.
 */
const BACKEND_ONLY: ReadonlySet<string> = new Set<string>(BACKEND_ONLY_OPERATIONS);

/**
 * Attributes of the local pool that are immutable, as in the stateful stack (cognito-local keeps the schema's
 * `Mutable` but does not enforce it on updates).
 */
const IMMUTABLE_ATTRIBUTES = new Set(['custom:user_type']);

/** Operations answered as a pool with self sign-up off answers them. */
const SIGN_UP_OPERATIONS = new Set(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode']);

/** Operations that name the user by an access token, which must be one we signed, for a known client. */
const ACCESS_TOKEN_OPERATIONS = new Set([
  'GlobalSignOut',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUser',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserMFAPreference',
  'SetUserSettings',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
]);

type Pool = {
  getUserByUsername(
    ctx: never,
    username: string,
  ): Promise<{ Username: string; Attributes?: { Name: string; Value?: string }[] } | null>;
};
interface AppClientView {
  ClientId: string;
  UserPoolId: string;
  ExplicitAuthFlows?: string[];
  ReadAttributes?: string[];
  WriteAttributes?: string[];
}
export interface CognitoServiceView {
  getAppClient(ctx: never, clientId: string): Promise<AppClientView | null>;
  getUserPool(ctx: never, id: string): Promise<Pool>;
}
/** Revokes refresh tokens; resolves the user's username, or null for an unknown user or token. */
export type Revoke = (
  target: { userPoolId: string; username: string } | { refreshToken: string },
) => Promise<string | null>;

export interface CognitoCompatOptions {
  /** cognito-local's internal URL. */
  upstream: string;
  revoke: Revoke;
  cognito: CognitoServiceView;
  signingKey: SigningKey;
  userPoolId: string;
  /** The local IAM credentials: operations outside {@link PUBLIC_OPERATIONS} must be signed with them. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Software-token MFA (`cognito-mfa.ts`), which cognito-local lacks. */
  mfa: LocalMfa;
  /** Issues a user's tokens on a client (the end of a sign-in); null for an unknown user or client. */
  issueTokens: (clientId: string, username: string) => Promise<Record<string, unknown> | null>;
  /** The backend header's value (in AWS a Secrets Manager secret the firewall rule compares with). */
  backendSecret: string;
}

export type CognitoHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
) => Promise<void>;

const quietCtx = {
  logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
} as never;

/**
 * The layer in front of cognito-local, with two faces:
 * - `iam` (the Cognito endpoint of SDK clients: our backend and the tests' admin helpers): the public
 *   operations, plus every other operation when the request carries a valid SigV4 signature made with the
 *   local credentials, as AWS requires IAM credentials for admin calls;
 * - `public` (`/cognito` on the app origin, for the browser): the public operations only, whatever the
 *   request carries.
 * Both map what Amplify v6 calls and cognito-local lacks (GetTokensFromRefreshToken -> REFRESH_TOKEN_AUTH;
 * GlobalSignOut and RevokeToken), verify access tokens (signature, issuer, expiry, a known client, not signed
 * out) before cognito-local (which only decodes them) acts on one, enforce each app client's auth flows and
 * read/write attributes, and report a wrong password or unknown user as Cognito does. No CORS headers: the
 * browser calls the public face on its own origin.
 */
export function createCognitoCompat(opts: CognitoCompatOptions): {
  iam: CognitoHandler;
  public: CognitoHandler;
} {
  const issuerVerifier = CognitoJwtVerifier.create({
    userPoolId: opts.userPoolId,
    tokenUse: 'access',
    clientId: null,
  });
  issuerVerifier.cacheJwks({ keys: [opts.signingKey.jwk] } as never);
  const jwksPath = `/${opts.userPoolId}/.well-known/jwks.json`;
  /** Access tokens issued before a global sign-out are revoked, as in Cognito (by username, in seconds). */
  const signedOutAt = new Map<string, number>();

  const appClient = (clientId: unknown) =>
    typeof clientId === 'string' && clientId
      ? opts.cognito.getAppClient(quietCtx, clientId).catch(() => null)
      : Promise.resolve(null);

  /** A user of a pool by username or email alias, with its `sub`; null when unknown. */
  const userOf = async (poolId: unknown, username: unknown) => {
    if (typeof poolId !== 'string' || typeof username !== 'string' || !poolId || !username) return null;
    try {
      const user = await (await opts.cognito.getUserPool(quietCtx, poolId)).getUserByUsername(
        quietCtx,
        username,
      );
      if (!user) return null;
      return {
        username: user.Username,
        sub: user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username,
      };
    } catch {
      return null;
    }
  };

  const verifyAccessToken = async (token: unknown) => {
    try {
      const claims = await issuerVerifier.verify(String(token ?? ''));
      const client = await appClient(claims.client_id);
      const revokedAt = signedOutAt.get(String(claims.username));
      if (!client || (revokedAt !== undefined && claims.iat <= revokedAt)) return null;
      return { claims, client };
    } catch {
      return null;
    }
  };

  const handle =
    (face: 'iam' | 'public'): CognitoHandler =>
    async (req, res, body) => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(payload));
      };
      const fail = (type: string, message: string) => send(400, { __type: type, message });
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (req.method === 'GET' && path === jwksPath) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ keys: [opts.signingKey.jwk] }));
        return;
      }
      if (req.method !== 'POST' || path !== '/') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Not Found' }));
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      if (!/^[A-Z][A-Za-z]+$/.test(op)) {
        fail('UnknownOperationException', 'Unknown operation');
        return;
      }
      let input: Record<string, unknown>;
      try {
        const parsed = body.length ? JSON.parse(body.toString('utf8')) : {};
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        input = parsed;
      } catch {
        fail('SerializationException', 'Malformed request body');
        return;
      }

      if (BACKEND_ONLY.has(op)) {
        // The user pool's firewall: only our functions, carrying the secret, get these past it.
        const header = req.headers[COGNITO_BACKEND_HEADER];
        if (face === 'public' || !opts.backendSecret || header !== opts.backendSecret) {
          send(403, { __type: 'ForbiddenException', message: 'Request not allowed due to WAF block.' });
          return;
        }
        if (SIGN_UP_OPERATIONS.has(op)) {
          fail('NotAuthorizedException', 'SignUp is not permitted for this user pool');
          return;
        }
      } else if (!PUBLIC_OPERATIONS.has(op)) {
        if (face === 'public' || !req.headers.authorization) {
          fail('MissingAuthenticationTokenException', 'Missing Authentication Token');
          return;
        }
        const signature = verifySigV4(req, body, opts.credentials);
        if (signature !== 'valid') {
          if (signature === 'unknown-key')
            fail('UnrecognizedClientException', 'The security token included in the request is invalid.');
          else
            fail(
              'InvalidSignatureException',
              'The request signature we calculated does not match the signature you provided.',
            );
          return;
        }
        if (op === 'AdminUserGlobalSignOut') {
          const username = String(input.Username ?? '');
          const pool = String(input.UserPoolId ?? '');
          const signedOut =
            pool && username ? await opts.revoke({ userPoolId: pool, username }).catch(() => null) : null;
          if (!signedOut) {
            fail('UserNotFoundException', 'User does not exist.');
            return;
          }
          // Keyed by the user's username (access tokens carry it), whatever alias the call named the user by.
          signedOutAt.set(signedOut, Math.floor(Date.now() / 1000));
          send(200, {});
          return;
        }
        if (op === 'AdminUpdateUserAttributes') {
          // As Cognito: an immutable attribute is written only when the user is created.
          const names = Array.isArray(input.UserAttributes)
            ? input.UserAttributes.map((a: { Name?: unknown }) => String(a?.Name ?? ''))
            : [];
          const immutable = names.find((name) => IMMUTABLE_ATTRIBUTES.has(name));
          if (immutable) {
            fail('InvalidParameterException', `user.${immutable}: Attribute cannot be updated.`);
            return;
          }
        }
        if (op === 'AdminSetUserMFAPreference') {
          const user = await userOf(input.UserPoolId, input.Username);
          if (!user) {
            fail('UserNotFoundException', 'User does not exist.');
            return;
          }
          const refused = setPreference(user.sub, input);
          if (refused) fail(refused.type, refused.message);
          else send(200, {});
          return;
        }
        if (op === 'AdminGetUser') {
          const answer = await call(target, input);
          const user = answer.status === 200 ? await userOf(input.UserPoolId, input.Username) : null;
          if (user) {
            send(200, { ...(safeJson(answer.text) as object), ...opts.mfa.view(user.sub) });
            return;
          }
          relay(res, answer);
          return;
        }
        if (op === 'AdminDeleteUser') {
          const user = await userOf(input.UserPoolId, input.Username);
          const answer = await call(target, input);
          if (answer.status === 200 && user) opts.mfa.forget(user.sub);
          relay(res, answer);
          return;
        }
        await forward(res, target, input);
        return;
      }

      // The public operations (and, on the SDK face, the backend-only ones).
      let verified: Awaited<ReturnType<typeof verifyAccessToken>> = null;
      if (ACCESS_TOKEN_OPERATIONS.has(op)) {
        verified = await verifyAccessToken(input.AccessToken);
        if (!verified) {
          fail('NotAuthorizedException', 'Invalid Access Token');
          return;
        }
      }
      switch (op) {
        case 'InitiateAuth': {
          const client = await appClient(input.ClientId);
          if (!client) {
            fail('ResourceNotFoundException', 'User pool client does not exist.');
            return;
          }
          const flow = String(input.AuthFlow ?? '');
          const refresh = flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';
          if (
            !refresh &&
            !(flow === 'USER_PASSWORD_AUTH' && client.ExplicitAuthFlows?.includes('ALLOW_USER_PASSWORD_AUTH'))
          ) {
            fail('InvalidParameterException', `${flow || 'This'} flow not enabled for this client`);
            return;
          }
          const answer = await call(target, input);
          const type = (safeJson(answer.text) as { __type?: string } | undefined)?.__type;
          if (
            answer.status >= 400 &&
            (type === 'InvalidPasswordException' || type === 'UserNotFoundException')
          ) {
            fail('NotAuthorizedException', 'Incorrect username or password.');
            return;
          }
          const tokens = (safeJson(answer.text) as { AuthenticationResult?: Record<string, string> })
            ?.AuthenticationResult;
          if (!refresh && answer.status === 200 && tokens?.IdToken) {
            // With TOTP on, the password only earns the challenge: the tokens cognito-local issued are dropped.
            const claims = jwtClaims(tokens.IdToken);
            const sub = String(claims.sub ?? '');
            if (opts.mfa.isOn(sub)) {
              if (tokens.RefreshToken)
                await opts.revoke({ refreshToken: tokens.RefreshToken }).catch(() => false);
              send(
                200,
                opts.mfa.startChallenge({
                  sub,
                  username: String(claims['cognito:username'] ?? sub),
                  clientId: client.ClientId,
                }),
              );
              return;
            }
          }
          relay(res, answer);
          return;
        }
        case 'RespondToAuthChallenge': {
          const client = await appClient(input.ClientId);
          if (!client) {
            fail('ResourceNotFoundException', 'User pool client does not exist.');
            return;
          }
          const responses = (input.ChallengeResponses ?? {}) as Record<string, unknown>;
          if (typeof input.Session !== 'string' || !input.Session) {
            fail('InvalidParameterException', 'Missing required parameter Session');
            return;
          }
          if (input.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
            // The only challenge this pool issues; a Session of no other exists.
            fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
            return;
          }
          const code = responses.SOFTWARE_TOKEN_MFA_CODE;
          if (typeof code !== 'string' || !code) {
            fail('InvalidParameterException', 'Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
            return;
          }
          const user = await userOf(client.UserPoolId, responses.USERNAME);
          const outcome = opts.mfa.answerChallenge({
            session: input.Session,
            clientId: client.ClientId,
            userSub: user?.sub,
            code,
          });
          if ('type' in outcome) {
            fail(outcome.type, outcome.message);
            return;
          }
          try {
            const issued = await opts.issueTokens(client.ClientId, outcome.username);
            if (!issued) {
              fail('NotAuthorizedException', 'Invalid session for the user.');
              return;
            }
            send(200, { ChallengeParameters: {}, AuthenticationResult: issued });
          } catch (error) {
            // The pre-token-generation trigger's refusal, as InitiateAuth relays it.
            const e = error as { code?: string; message?: string };
            fail(e.code ?? 'InternalErrorException', e.message ?? 'Internal error');
          }
          return;
        }
        case 'AssociateSoftwareToken': {
          send(200, { SecretCode: opts.mfa.associate(String(verified?.claims.sub)) });
          return;
        }
        case 'VerifySoftwareToken': {
          const code = input.UserCode;
          if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
            fail(
              'InvalidParameterException',
              "1 validation error detected: Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]+",
            );
            return;
          }
          const name = typeof input.FriendlyDeviceName === 'string' ? input.FriendlyDeviceName : undefined;
          const refused = opts.mfa.verify(String(verified?.claims.sub), code, name);
          if (refused) fail(refused.type, refused.message);
          else send(200, { Status: 'SUCCESS' });
          return;
        }
        case 'SetUserMFAPreference': {
          const refused = setPreference(String(verified?.claims.sub), input);
          if (refused) fail(refused.type, refused.message);
          else send(200, {});
          return;
        }
        case 'GetTokensFromRefreshToken': {
          // Cognito's refresh answers without a new refresh token unless rotation is on: same shape here.
          const answer = await call(`${TARGET_PREFIX}InitiateAuth`, {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: input.ClientId,
            AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
          });
          relay(res, answer);
          return;
        }
        case 'RevokeToken': {
          if (!(await appClient(input.ClientId))) {
            fail('UnauthorizedException', 'Client is not authorized to revoke this token');
            return;
          }
          await opts.revoke({ refreshToken: String(input.Token ?? '') }).catch(() => null);
          send(200, {});
          return;
        }
        case 'GlobalSignOut': {
          const username = String(verified?.claims.username ?? '');
          await opts.revoke({ userPoolId: opts.userPoolId, username }).catch(() => null);
          signedOutAt.set(username, Math.floor(Date.now() / 1000));
          send(200, {});
          return;
        }
        case 'UpdateUserAttributes': {
          const writable = new Set(verified?.client.WriteAttributes ?? []);
          const names = Array.isArray(input.UserAttributes)
            ? input.UserAttributes.map((a: { Name?: unknown }) => String(a?.Name ?? ''))
            : [];
          if (names.some((name) => !writable.has(name))) {
            fail('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
            return;
          }
          await forward(res, target, input);
          return;
        }
        case 'GetUser': {
          const answer = await call(target, input);
          const readable = verified?.client.ReadAttributes;
          const parsed = safeJson(answer.text) as { UserAttributes?: { Name: string }[] } | undefined;
          if (answer.status === 200 && parsed?.UserAttributes && readable) {
            // Cognito returns only what the app client may read (and always `sub`).
            const allowed = new Set([...readable, 'sub']);
            parsed.UserAttributes = parsed.UserAttributes.filter((a) => allowed.has(a.Name));
            send(200, { ...parsed, ...opts.mfa.view(String(verified?.claims.sub)) });
            return;
          }
          relay(res, answer);
          return;
        }
        default:
          await forward(res, target, input);
      }
    };

  /** SetUserMFAPreference's settings: TOTP only (the pool sends no SMS). */
  const setPreference = (sub: string, input: Record<string, unknown>) => {
    const sms = input.SMSMfaSettings as { Enabled?: unknown } | undefined;
    if (sms?.Enabled === true)
      return { type: 'InvalidParameterException', message: 'SMS MFA is not enabled for this user pool.' };
    const settings = input.SoftwareTokenMfaSettings;
    return opts.mfa.setPreference(sub, settings && typeof settings === 'object' ? settings : {});
  };

  const call = async (target: string, input: unknown) => {
    const answer = await fetch(opts.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body: JSON.stringify(input),
    });
    return { status: answer.status, text: await answer.text() };
  };
  const relay = (res: http.ServerResponse, answer: { status: number; text: string }) => {
    res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' }).end(answer.text);
  };
  const forward = async (res: http.ServerResponse, target: string, input: unknown) =>
    relay(res, await call(target, input));

  return { iam: handle('iam'), public: handle('public') };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
