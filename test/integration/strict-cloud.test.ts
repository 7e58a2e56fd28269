import { createHash, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { OSM_TILE_URL } from '@shared/locations';
import publishedKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { contentSecurityPolicy } from '../../infra/security-headers';
import { callApi } from '../support/api';
import { createCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { cognitoClient, createUser, signIn } from '../support/identity';
import { fakeJpeg, mediaS3, putMediaObject } from '../support/media';

const { appUrl, env } = cloud();
const POOL = env.USER_POOL_ID as string;
const TARGET = 'AWSCognitoIdentityProviderService.';

/** A raw Cognito JSON call (no AWS credentials), as a browser makes it (or with extra headers). */
async function cognitoCall(
  endpoint: string,
  op: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET}${op}`,
      origin: 'https://evil.example',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
const publicCognito = `${appUrl}/cognito`;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
}

/** A JWT signed with cognito-local's published private key, as anyone could make one. */
function signWithPublishedKey(claims: object): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })).toString(
    'base64url',
  );
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), publishedKey.pem);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

describe('tokens are signed with this install’s own key', () => {
  it('refuses an ID token signed with cognito-local’s published key (401) and accepts a real one', async () => {
    const charity = await createCharity({ label: 'forge' });
    const real = await callApi('GET', '/api/me/locations', undefined, { token: charity.idToken });
    expect(real.status).toBe(200);
    const forged = signWithPublishedKey({ ...claimsOf(charity.idToken), sub: 'another-charity' });
    const res = await fetch(`${appUrl}/api/me/locations`, { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
    // The same claims re-signed with the published key are refused too: the key, not the claims, is checked.
    const copied = signWithPublishedKey(claimsOf(charity.idToken));
    const again = await fetch(`${appUrl}/api/me/locations`, {
      headers: { authorization: `Bearer ${copied}` },
    });
    expect(again.status).toBe(401);
  });

  it('publishes only its own key in the pool’s JWKS', async () => {
    const endpoint = env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string;
    const jwks = (await (await fetch(`${endpoint}/${POOL}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string; n: string }[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.kid).not.toBe('CognitoLocal');
    const { idToken } = await signIn(env.DONOR_CLIENT_ID as string, (await createUser('donor')).email);
    const header = JSON.parse(Buffer.from(idToken.split('.')[0] as string, 'base64url').toString());
    expect(header.kid).toBe(jwks.keys[0]?.kid);
  });
});

describe('/cognito exposes only what a public app client may call', () => {
  it.each([
    ['ListUsers', { UserPoolId: POOL }],
    ['AdminCreateUser', { UserPoolId: POOL, Username: 'mallory@example.org' }],
    ['AdminConfirmSignUp', { UserPoolId: POOL, Username: 'mallory@example.org' }],
    ['AdminUpdateUserAttributes', { UserPoolId: POOL, Username: 'x', UserAttributes: [] }],
    ['DescribeUserPoolClient', { UserPoolId: POOL, ClientId: env.CHARITY_CLIENT_ID }],
  ])('refuses %s with AWS’s error and no CORS header', async (op, body) => {
    const res = await cognitoCall(publicCognito, op, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses sign-up: the user pool firewall first, and a pool with self sign-up off behind it', async () => {
    const body = {
      ClientId: env.DONOR_CLIENT_ID,
      Username: 'mallory@example.org',
      Password: 'Mallory-Pass-123!',
    };
    const res = await cognitoCall(publicCognito, 'SignUp', body);
    expect(res.status).toBe(403);
    expect(res.body.__type).toBe('ForbiddenException');
    const backend = await cognitoCall(
      env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string,
      'SignUp',
      body,
      {
        'x-kindred-backend': env.COGNITO_BACKEND_SECRET as string,
      },
    );
    expect(backend.status).toBe(400);
    expect(backend.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses admin calls on /cognito even when signed with the local credentials', async () => {
    const signed = new CognitoIdentityProviderClient({
      endpoint: publicCognito,
      region: env.AWS_REGION,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID as string,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
      },
      maxAttempts: 1,
    });
    await expect(signed.send(new ListUsersCommand({ UserPoolId: POOL }))).rejects.toMatchObject({
      name: 'MissingAuthenticationTokenException',
    });
  });

  it('requires a valid SigV4 signature for admin calls on the SDK endpoint', async () => {
    const endpoint = env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string;
    const unsigned = await cognitoCall(endpoint, 'ListUsers', { UserPoolId: POOL });
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    const client = (secretAccessKey: string, accessKeyId = env.AWS_ACCESS_KEY_ID as string) =>
      new CognitoIdentityProviderClient({
        endpoint,
        region: env.AWS_REGION,
        credentials: { accessKeyId, secretAccessKey },
        maxAttempts: 1,
      });
    await expect(
      client('wrong-secret').send(new ListUsersCommand({ UserPoolId: POOL })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    await expect(
      client('x', 'AKIAIOSFODNN7EXAMPLE').send(new ListUsersCommand({ UserPoolId: POOL })),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    // The backend's own (signed) admin calls work.
    await expect(
      cognitoClient().send(new ListUsersCommand({ UserPoolId: POOL, Limit: 1 })),
    ).resolves.toHaveProperty('Users');
  });

  it('lets a donor not raise its own user type, and keeps it out of the charity client', async () => {
    const donor = await createUser('donor');
    const { accessToken } = await signIn(env.DONOR_CLIENT_ID as string, donor.email);
    const raise = {
      AccessToken: accessToken,
      UserAttributes: [{ Name: 'custom:user_type', Value: 'charity' }],
    };
    // The browser's endpoint refuses the operation outright (the user pool firewall in AWS).
    const res = await cognitoCall(publicCognito, 'UpdateUserAttributes', raise);
    expect(res.status).toBe(403);
    expect(res.body.__type).toBe('ForbiddenException');
    // Behind the firewall, the app client's write attributes still hold.
    const backend = (body: unknown) =>
      cognitoCall(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string, 'UpdateUserAttributes', body, {
        'x-kindred-backend': env.COGNITO_BACKEND_SECRET as string,
      });
    expect((await backend(raise)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    const email = await backend({
      AccessToken: accessToken,
      UserAttributes: [{ Name: 'email', Value: 'someone-else@example.org' }],
    });
    expect(email.body.__type).toBe('NotAuthorizedException');
    const user = await cognitoClient().send(
      new AdminGetUserCommand({ UserPoolId: POOL, Username: donor.email }),
    );
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'custom:user_type', Value: 'donor' },
        { Name: 'email', Value: donor.email },
      ]),
    );
    await expect(signIn(env.CHARITY_CLIENT_ID as string, donor.email)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
    });
  });

  it('keeps custom:user_type immutable even for admin calls, as the stateful stack declares it', async () => {
    const donor = await createUser('donor');
    await expect(
      cognitoClient().send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: POOL,
          Username: donor.email,
          UserAttributes: [{ Name: 'custom:user_type', Value: 'charity' }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'user.custom:user_type: Attribute cannot be updated.',
    });
    const user = await cognitoClient().send(
      new AdminGetUserCommand({ UserPoolId: POOL, Username: donor.email }),
    );
    expect(user.UserAttributes).toContainEqual({ Name: 'custom:user_type', Value: 'donor' });
  });

  it('acts on access tokens only when they are verified, and revokes them on global sign-out', async () => {
    const { email } = await createUser('charity');
    const tokens = await signIn(env.CHARITY_CLIENT_ID as string, email);
    const forged = signWithPublishedKey(claimsOf(tokens.accessToken));
    for (const op of ['GlobalSignOut', 'GetUser']) {
      const res = await cognitoCall(publicCognito, op, {
        AccessToken: forged,
        PreviousPassword: 'x',
        ProposedPassword: 'Another-Pass-123!',
      });
      expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    }
    const me = await cognitoCall(publicCognito, 'GetUser', { AccessToken: tokens.accessToken });
    expect(me.status).toBe(200);
    expect((me.body.UserAttributes as { Name: string }[]).map((a) => a.Name).sort()).toEqual(
      ['custom:user_type', 'email', 'email_verified', 'sub'].sort(),
    );
    expect(
      (await cognitoCall(publicCognito, 'GlobalSignOut', { AccessToken: tokens.accessToken })).status,
    ).toBe(200);
    await expect(
      cognitoClient().send(new GetUserCommand({ AccessToken: tokens.accessToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const refresh = await cognitoCall(publicCognito, 'GetTokensFromRefreshToken', {
      ClientId: env.CHARITY_CLIENT_ID,
      RefreshToken: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
  });
});

describe('S3 enforces presigned POST policies', () => {
  const s3 = mediaS3();
  const read = async (key: string) => {
    const out = await s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  };
  const grant = async (token: string) => {
    const res = await callApi(
      'POST',
      '/api/me/media/uploads',
      { purpose: 'page', contentType: 'image/jpeg', size: 2048 },
      { token },
    );
    expect(res.status).toBe(200);
    return res.body as { url: string; fields: Record<string, string>; key: string };
  };
  const post = async (
    url: string,
    fields: Record<string, string>,
    file: Buffer,
    type = 'image/jpeg',
  ): Promise<{ status: number; text: string }> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)], { type }));
    const res = await fetch(url, { method: 'POST', body: form });
    return { status: res.status, text: await res.text() };
  };

  it('refuses another charity’s key, another content type or a forged policy (403) and changes nothing', async () => {
    const [alice, bob] = await Promise.all([
      createCharity({ label: 'alice' }),
      createCharity({ label: 'bob' }),
    ]);
    const bobs = await grant(bob.idToken);
    const bobsFile = fakeJpeg();
    expect((await post(bobs.url, bobs.fields, bobsFile)).status).toBeLessThan(300);
    expect(await read(bobs.fields.key as string)).toEqual(bobsFile);

    const alices = await grant(alice.idToken);
    const overwrite = await post(
      alices.url,
      { ...alices.fields, key: bobs.fields.key as string },
      fakeJpeg(),
    );
    expect(overwrite.status).toBe(403);
    expect(overwrite.text).toContain('<Code>AccessDenied</Code>');
    expect(overwrite.text).toContain('Invalid according to Policy: Policy Condition failed');
    expect(await read(bobs.fields.key as string)).toEqual(bobsFile);

    const html = await post(
      alices.url,
      { ...alices.fields, 'Content-Type': 'text/html' },
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
    );
    expect(html.status).toBe(403);
    expect(html.text).toContain('<Code>AccessDenied</Code>');

    const forgedPolicy = Buffer.from(
      JSON.stringify({ expiration: '2999-01-01T00:00:00Z', conditions: [{ bucket: env.MEDIA_BUCKET }] }),
    ).toString('base64');
    const forged = await post(
      alices.url,
      { ...alices.fields, Policy: forgedPolicy, key: bobs.fields.key as string },
      fakeJpeg(),
    );
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    const unsigned = await post(alices.url, { key: bobs.fields.key as string }, fakeJpeg());
    expect(unsigned.status).toBe(403);
    expect(await read(bobs.fields.key as string)).toEqual(bobsFile);

    const tooBig = await post(alices.url, alices.fields, fakeJpeg(11 * 1024 * 1024));
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toContain('<Code>EntityTooLarge</Code>');
    await expect(
      s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: alices.fields.key })),
    ).rejects.toBeDefined();
    // The grant itself still works.
    expect((await post(alices.url, alices.fields, fakeJpeg())).status).toBeLessThan(300);
  });

  it('refuses an expired policy (403)', async () => {
    const key = `test/expired-${Date.now()}.jpg`;
    const { url, fields } = await createPresignedPost(s3, {
      Bucket: env.MEDIA_BUCKET as string,
      Key: key,
      Conditions: [['eq', '$Content-Type', 'image/jpeg']],
      Fields: { 'Content-Type': 'image/jpeg' },
      Expires: 1,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const res = await post(url, fields, fakeJpeg());
    expect(res.status).toBe(403);
    expect(res.text).toContain('Invalid according to Policy: Policy expired.');
    await expect(s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }))).rejects.toBeDefined();
  });
});

describe('media is served as the media CDN serves it', () => {
  it('lists nothing, serves no HTML and nothing from incoming/', async () => {
    const id = Date.now();
    await putMediaObject(`test/${id}/page.html`, '<script>document.title="pwned"</script>', 'text/html');
    await putMediaObject(`test/${id}/photo.jpg`, fakeJpeg(), 'image/jpeg');
    await putMediaObject(`incoming/${id}/photo.jpg`, fakeJpeg(), 'image/jpeg');
    for (const path of [
      '/media/',
      `/media/test/${id}/`,
      `/media/test/${id}/page.html`,
      `/media/incoming/${id}/photo.jpg`,
    ]) {
      const res = await fetch(`${appUrl}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-type') ?? '').not.toContain('html');
      expect(await res.text()).not.toContain('kindred-local-media');
    }
    const photo = await fetch(`${appUrl}/media/test/${id}/photo.jpg`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(photo.headers.get('content-security-policy')).toBe('sandbox');
  });
});

describe('every SPA response carries the production security headers', () => {
  const expected = contentSecurityPolicy({
    cognito: [],
    media: [],
    upload: [new URL(env.AWS_ENDPOINT_URL_S3 as string).origin],
    tiles: [new URL(OSM_TILE_URL).origin],
  });

  it('sends the CSP, HSTS, frame, referrer, permissions and COOP headers on pages, assets and errors', async () => {
    const index = await (await fetch(`${appUrl}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    for (const path of [
      '/',
      '/charity/dashboard',
      '/config.json',
      asset,
      '/favicon.svg',
      '/assets/missing.js',
    ]) {
      const res = await fetch(`${appUrl}${path}`);
      const h = res.headers;
      expect([path, h.get('content-security-policy')]).toEqual([path, expected]);
      expect(h.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(h.get('x-frame-options')).toBe('DENY');
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('permissions-policy')).toContain('camera=()');
      expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('allows the served index.html’s inline script by its hash, and no other inline script', async () => {
    const html = await (await fetch(`${appUrl}/`)).text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = expected.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(readFileSync(join(__dirname, '..', '..', 'web', 'index.html'), 'utf8')).toContain(inline[0]);
  });
});
