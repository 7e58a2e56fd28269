import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GlobalSignOutCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RouteDefinition } from '@shared/api/routes';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { z } from 'zod';
import { type ApiHandler, createGateway } from '../../infra/local/gateway';
import { readBody } from '../../infra/local/http';
import { cloud } from '../support/cloud';
import { cognitoClient, createUser, signIn, TEST_PASSWORD } from '../support/identity';

const { env } = cloud();
const charityClient = env.CHARITY_CLIENT_ID as string;
const donorClient = env.DONOR_CLIENT_ID as string;

describe('Cognito through the compatibility layer', () => {
  it('signs a charity in on the charity client with USER_PASSWORD_AUTH and puts user_type in the ID token', async () => {
    const { email } = await createUser('charity');
    const { idToken } = await signIn(charityClient, email);
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] as string, 'base64url').toString());
    expect(payload).toMatchObject({ email, 'custom:user_type': 'charity', aud: charityClient });
    expect(payload.iss).toBe(`https://cognito-idp.${env.AWS_REGION}.amazonaws.com/${env.USER_POOL_ID}`);
  });

  it('refuses a donor on the charity client through the real pre-token-generation trigger', async () => {
    const { email } = await createUser('donor');
    await expect(signIn(charityClient, email)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('NOT_CHARITY_USER'),
    });
    // The same donor signs in on the donor client.
    await expect(signIn(donorClient, email)).resolves.toHaveProperty('idToken');
  });

  it('answers a wrong password or unknown user as real Cognito does', async () => {
    const { email } = await createUser('charity');
    await expect(signIn(charityClient, email, 'Wrong-Password-123!')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(
      signIn(charityClient, `nobody-${Date.now()}@example.org`, TEST_PASSWORD),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('maps GetTokensFromRefreshToken to a refresh and answers GlobalSignOut', async () => {
    const { email } = await createUser('charity');
    const tokens = await signIn(charityClient, email);
    const res = await fetch(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: charityClient, RefreshToken: tokens.refreshToken }),
    });
    expect(res.status).toBe(200);
    // No wildcard CORS: browsers call Cognito through /cognito on the app's own origin.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await res.json()) as { AuthenticationResult: { IdToken: unknown } };
    expect(typeof body.AuthenticationResult.IdToken).toBe('string');
    await expect(
      cognitoClient().send(new GlobalSignOutCommand({ AccessToken: tokens.accessToken })),
    ).resolves.toBeDefined();
    // The refresh also runs the trigger: a donor's refresh token is refused on the charity client.
    const donor = await createUser('donor');
    const donorTokens = await signIn(donorClient, donor.email);
    await expect(
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: charityClient,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: donorTokens.refreshToken },
        }),
      ),
    ).rejects.toBeDefined();
  });
});

describe('local gateway JWT authorizer', () => {
  const echo: ApiHandler = async (event) => ({
    statusCode: 200,
    body: JSON.stringify((event.requestContext as { authorizer?: unknown }).authorizer ?? null),
  });
  const routes: RouteDefinition[] = [
    {
      id: 'open',
      method: 'GET',
      path: '/api/open',
      auth: 'public',
      request: z.object({}),
      response: z.any(),
      summary: '',
    },
    {
      id: 'mine',
      method: 'GET',
      path: '/api/me/things/{thingId}',
      auth: 'charity',
      request: z.object({}),
      response: z.any(),
      summary: '',
    },
  ];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const verifier = CognitoJwtVerifier.create({
      userPoolId: env.USER_POOL_ID as string,
      tokenUse: null,
      clientId: [charityClient, donorClient],
    });
    // The pool's JWKS: this install's own key, as the local cloud's gateway trusts it.
    const jwks = await fetch(
      `${env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${env.USER_POOL_ID}/.well-known/jwks.json`,
    );
    verifier.cacheJwks((await jwks.json()) as never);
    const gateway = createGateway({ routes, loadHandler: async () => echo, verifier });
    server = http.createServer(async (req, res) => gateway(req, res, await readBody(req, 1024)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('lets public routes through without a token', async () => {
    const res = await fetch(`${base}/api/open`);
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it('answers 401 without a token, with a forged one, or with one from another pool', async () => {
    expect((await fetch(`${base}/api/me/things/1`)).status).toBe(401);
    const { email } = await createUser('charity');
    const { idToken } = await signIn(charityClient, email);
    const [h, p] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${idToken.split('.')[2]}`;
    const res = await fetch(`${base}/api/me/things/1`, { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('passes verified claims as strings, and path parameters, to the function', async () => {
    const { email } = await createUser('charity');
    const { idToken } = await signIn(charityClient, email);
    const res = await fetch(`${base}/api/me/things/42`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(res.status).toBe(200);
    const authorizer = (await res.json()) as { jwt: { claims: Record<string, unknown> } };
    expect(authorizer.jwt.claims).toMatchObject({ email, 'custom:user_type': 'charity' });
    expect(typeof authorizer.jwt.claims.exp).toBe('string');
  });
});
