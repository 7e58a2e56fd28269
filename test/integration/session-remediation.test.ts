import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { createCharity, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { cognitoClient, signIn } from '../support/identity';

/**
 * Issue 30, items 4, 5 and 10 (reset links), tried as a hostile user would: a refresh token stolen before a
 * password change, a reset or "sign out everywhere" (and the ID tokens it mints while the remediation runs);
 * Cognito's own account operations called directly with a user's access token; a reset link kept through a
 * password change, or through a deletion and a new account with the same email; and known-breached passwords.
 */
jest.setTimeout(90_000);

const { env, appUrl } = cloud();
const POOL = env.USER_POOL_ID as string;
const CLIENT = env.CHARITY_CLIENT_ID as string;
const NEW_PASSWORD = 'Riverside-Remedy-58?';
/** On SecLists' breached list (as `onlyOne4-myXworld`), and it passes every composition rule. */
const BREACHED = 'OnlyOne4-MyXWorld';

/** A raw Cognito JSON call to the browser's endpoint (`/cognito`) or the SDK endpoint, with no AWS credentials. */
async function cognito(op: string, body: unknown, endpoint = `${appUrl}/cognito`) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What a stolen refresh token gets from Cognito, as Amplify asks for it: an ID token, or null when refused. */
async function mint(refreshToken: string): Promise<string | null> {
  const res = await cognito('GetTokensFromRefreshToken', { ClientId: CLIENT, RefreshToken: refreshToken });
  const result = res.body.AuthenticationResult as { IdToken?: string } | undefined;
  return res.status === 200 && result?.IdToken ? result.IdToken : null;
}

const profileStatus = async (idToken: string) =>
  (await callApi('GET', '/api/me/profile', undefined, { token: idToken })).status;

/**
 * Starts the remediation from the middle of a clock second (token times are whole seconds, so the window a
 * cut-off recorded before the revocation leaves, from the start of its second to the revocation, is then
 * hundreds of milliseconds wide), while three attackers keep minting ID tokens with the stolen refresh token
 * until the remediation has answered. Returns the remediation's answer and every ID token minted meanwhile.
 */
async function remediateUnderFire(refreshToken: string, remediate: () => Promise<{ status: number }>) {
  while (Date.now() % 1000 < 300 || Date.now() % 1000 > 500)
    await new Promise((resolve) => setTimeout(resolve, 5));
  let done = false;
  const minted: string[] = [];
  const attacker = async () => {
    while (!done) {
      const token = await mint(refreshToken);
      if (token) minted.push(token);
    }
  };
  const attackers = [attacker(), attacker(), attacker()];
  // The attackers are minting before the remediation starts.
  while (minted.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const answer = await remediate();
  done = true;
  await Promise.all(attackers);
  return { answer, minted };
}

/** After a remediation: the stolen refresh token mints nothing, and no ID token it minted is accepted. */
async function expectStolenSessionDead(c: TestCharity, stolen: string, minted: string[]) {
  expect(minted.length).toBeGreaterThan(0);
  expect(await mint(stolen)).toBeNull();
  // Listed by issue time (epoch seconds), so a failure reads as "accepted tokens issued at ...".
  const accepted: number[] = [];
  for (const token of minted)
    if ((await profileStatus(token)) !== 401)
      accepted.push(JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).iat);
  expect(accepted).toEqual([]);
  return c;
}

/** The reset links mailed to an address, newest last, as their tokens. */
async function resetTokens(email: string): Promise<string[]> {
  return (await mailTo(email))
    .filter((m) => m.subject.startsWith('Reset'))
    .map((m) => /reset-password#token=([\w-]+)/.exec(m.text)?.[1] as string);
}
async function requestResetLink(email: string): Promise<string> {
  expect((await post('/api/send-password-reset', { email }, { from: freshAddress() })).status).toBe(200);
  return (await resetTokens(email)).at(-1) as string;
}

describe('a stolen refresh token dies with every remediation', () => {
  it('password change: the server revokes first, then cuts off; nothing minted meanwhile is accepted', async () => {
    const c = await createCharity({ label: 'stolen-change' });
    const stolen = await signIn(CLIENT, c.email, c.password);
    const { answer, minted } = await remediateUnderFire(stolen.refreshToken, () =>
      post(
        '/api/me/password',
        { currentPassword: c.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { token: c.idToken },
      ),
    );
    expect(answer.status).toBe(200);
    await expectStolenSessionDead(c, stolen.refreshToken, minted);
    // The owner's own sign-in right after the answer (as the browser does) is accepted.
    const fresh = await signIn(CLIENT, c.email, NEW_PASSWORD);
    expect(await profileStatus(fresh.idToken)).toBe(200);
  });

  it('password reset: the same, through the mailed link', async () => {
    const c = await createCharity({ label: 'stolen-reset' });
    const stolen = await signIn(CLIENT, c.email, c.password);
    const token = await requestResetLink(c.email);
    const { answer, minted } = await remediateUnderFire(stolen.refreshToken, () =>
      post('/api/reset-password-with-token', { token, newPassword: NEW_PASSWORD }),
    );
    expect(answer.status).toBe(200);
    await expectStolenSessionDead(c, stolen.refreshToken, minted);
    const fresh = await signIn(CLIENT, c.email, NEW_PASSWORD);
    expect(await profileStatus(fresh.idToken)).toBe(200);
  });

  it('sign out everywhere: the server itself revokes the refresh tokens (whatever the browser does next)', async () => {
    const c = await createCharity({ label: 'stolen-signout' });
    const stolen = await signIn(CLIENT, c.email, c.password);
    const { answer, minted } = await remediateUnderFire(stolen.refreshToken, () =>
      post('/api/me/sign-out', {}, { token: c.idToken }),
    );
    expect(answer.status).toBe(200);
    await expectStolenSessionDead(c, stolen.refreshToken, minted);
    // Signing in again works at once.
    const fresh = await signIn(CLIENT, c.email, c.password);
    expect(await profileStatus(fresh.idToken)).toBe(200);
  });
});

describe("Cognito's account operations are refused outside the app", () => {
  const userOf = async (email: string) =>
    cognitoClient()
      .send(new AdminGetUserCommand({ UserPoolId: POOL, Username: email }))
      .catch(() => null);

  it('DeleteUser, ChangePassword and UpdateUserAttributes with a user’s access token change nothing', async () => {
    const c = await createCharity({ label: 'bypass' });
    const { accessToken } = await signIn(CLIENT, c.email, c.password);
    const sdkEndpoint = env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string;
    const calls: [string, unknown][] = [
      ['DeleteUser', { AccessToken: accessToken }],
      [
        'ChangePassword',
        { AccessToken: accessToken, PreviousPassword: c.password, ProposedPassword: NEW_PASSWORD },
      ],
      [
        'UpdateUserAttributes',
        { AccessToken: accessToken, UserAttributes: [{ Name: 'locale', Value: 'fr' }] },
      ],
      ['SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false } }],
      ['ForgotPassword', { ClientId: CLIENT, Username: c.email }],
    ];
    // The browser's endpoint, and the SDK endpoint without the backend header (one public endpoint in AWS).
    for (const endpoint of [`${appUrl}/cognito`, sdkEndpoint])
      for (const [op, body] of calls)
        expect({ op, ...(await cognito(op, body, endpoint)) }).toEqual({
          op,
          status: 403,
          body: { __type: 'ForbiddenException', message: 'Request not allowed due to WAF block.' },
        });
    const user = await userOf(c.email);
    expect(user?.UserAttributes?.find((a) => a.Name === 'locale')).toBeUndefined();
    // The old password still signs in, the access token still works, the account and its profile are there.
    await expect(signIn(CLIENT, c.email, c.password)).resolves.toHaveProperty('idToken');
    expect((await cognito('GetUser', { AccessToken: accessToken })).status).toBe(200);
    expect(await profileStatus(c.idToken)).toBe(200);
  });
});

describe('reset links are bound to the user and voided by a password change and by deletion', () => {
  it('a link asked for before a password change is void after it', async () => {
    const c = await createCharity({ label: 'reset-change' });
    const token = await requestResetLink(c.email);
    expect((await post('/api/validate-reset-token', { token })).body).toEqual({ valid: true });
    expect(
      (
        await post(
          '/api/me/password',
          { currentPassword: c.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { token: c.idToken },
        )
      ).status,
    ).toBe(200);
    expect((await post('/api/validate-reset-token', { token })).body).toMatchObject({ valid: false });
    expect(
      await post('/api/reset-password-with-token', { token, newPassword: 'Someone-Elses-Pass-71!' }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_RESET_TOKEN' } });
    await expect(signIn(CLIENT, c.email, NEW_PASSWORD)).resolves.toHaveProperty('idToken');
  });

  it('a link of a deleted account does not open a new account with the same email', async () => {
    const old = await createCharity({ label: 'reset-deleted' });
    const token = await requestResetLink(old.email);
    expect((await post('/api/delete-charity-account', {}, { token: old.idToken })).status).toBe(200);
    const again = await createCharity({ email: old.email });
    expect(again.userId).not.toBe(old.userId);
    expect((await post('/api/validate-reset-token', { token })).body).toMatchObject({ valid: false });
    expect(
      await post('/api/reset-password-with-token', { token, newPassword: 'Someone-Elses-Pass-71!' }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_RESET_TOKEN' } });
    // The new account's password is its own.
    const signedIn = await signIn(CLIENT, again.email, again.password);
    expect(await profileStatus(signedIn.idToken)).toBe(200);
  });
});

describe('known-breached passwords are refused on every route that sets one', () => {
  const breached = { status: 400, body: { success: false, code: 'PASSWORD_BREACHED' } };

  it('charity registration: refused before any account exists', async () => {
    const email = `breached-${Date.now()}@example.org`;
    const res = await post(
      '/api/register-charity',
      { email, password: BREACHED, charityRegistrationNumber: String(5100000 + 47 * 7) },
      { from: freshAddress() },
    );
    expect(res).toMatchObject({ ...breached, body: { ...breached.body, field: 'password' } });
    expect(res.body.error).toBe(
      'This password has appeared in a data breach, so it is easy to guess. Please choose a different password.',
    );
    expect(
      await cognitoClient()
        .send(new AdminGetUserCommand({ UserPoolId: POOL, Username: email }))
        .catch((e) => e.name),
    ).toBe('UserNotFoundException');
  });

  it('donor signup: refused before any account exists', async () => {
    const email = `breached-donor-${Date.now()}@example.org`;
    const res = await post(
      '/api/register-donor',
      {
        email,
        username: `breached${Date.now() % 1_000_000}`,
        forename: 'Ada',
        surname: 'Okafor',
        dob: '1990-04-12',
        gender: 'female',
        password: BREACHED,
        confirmPassword: BREACHED,
      },
      { from: freshAddress() },
    );
    expect(res).toMatchObject({ ...breached, body: { ...breached.body, field: 'password' } });
    expect(
      await cognitoClient()
        .send(new AdminGetUserCommand({ UserPoolId: POOL, Username: email }))
        .catch((e) => e.name),
    ).toBe('UserNotFoundException');
  });

  it('password reset: refused, and the link still works for a good password', async () => {
    const c = await createCharity({ label: 'breached-reset' });
    const token = await requestResetLink(c.email);
    expect(await post('/api/reset-password-with-token', { token, newPassword: BREACHED })).toMatchObject({
      ...breached,
      body: { ...breached.body, field: 'newPassword' },
    });
    await expect(signIn(CLIENT, c.email, BREACHED)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await post('/api/validate-reset-token', { token })).body).toEqual({ valid: true });
  });

  it('password change: refused, and the old password still signs in', async () => {
    const c = await createCharity({ label: 'breached-change' });
    const res = await post(
      '/api/me/password',
      { currentPassword: c.password, newPassword: BREACHED, confirmPassword: BREACHED },
      { token: c.idToken },
    );
    expect(res).toMatchObject({ ...breached, body: { ...breached.body, field: 'newPassword' } });
    await expect(signIn(CLIENT, c.email, c.password)).resolves.toHaveProperty('idToken');
    expect(await profileStatus(c.idToken)).toBe(200);
  });
});
