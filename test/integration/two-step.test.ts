import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TwoStepMessage } from '@shared/two-step';
import { callApi, mailTo } from '../support/api';
import { createCharity, getItem } from '../support/charity';
import { applyCloudEnvironment } from '../support/cloud';
import { cognitoClient, signIn } from '../support/identity';
import {
  completeOnboarding,
  connectPaymentAccount,
  payoutCode,
  startOnboarding,
  submitOnboardingPage,
} from '../support/payments';
import { forceVerificationFlags } from '../support/tampering';
import {
  afterCutOff,
  browserCognito,
  nextCode,
  signInWithCode,
  type TestAuthenticator,
  usedCode,
  withTwoStep,
  wrongCode,
} from '../support/two-step';

jest.setTimeout(90_000);

const { env } = applyCloudEnvironment();
const clientId = env.CHARITY_CLIENT_ID as string;
const MFA_REQUIRED = {
  status: 403,
  body: { success: false, code: 'MFA_REQUIRED', error: TwoStepMessage.RequiredForPayments },
};

const mfaOf = async (email: string) =>
  (await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: email })))
    .UserMFASettingList ?? [];

describe('two-step sign-in (TOTP)', () => {
  it('the browser’s Cognito endpoint cannot set up or switch MFA itself, even with a valid access token', async () => {
    const c = await createCharity({ label: 'mfa-direct' });
    const { accessToken } = await signIn(clientId, c.email, c.password);
    for (const operation of ['AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference']) {
      const answer = await browserCognito(operation, {
        AccessToken: accessToken,
        UserCode: '123456',
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      });
      expect({ operation, ...answer }).toEqual({
        operation,
        // As the user pool's WAF rule answers it (infra/constructs/user-pool-firewall.ts).
        status: 403,
        body: expect.objectContaining({ __type: 'ForbiddenException' }),
      });
    }
    expect(await mfaOf(c.email)).toEqual([]);
  });

  it('turns on with a confirmed code, ends every session, mails the owner, and then asks for a code at sign-in', async () => {
    const c = await createCharity({ label: 'mfa-on' });
    const { idToken, accessToken } = await signIn(clientId, c.email, c.password);
    expect(await callApi('GET', '/api/me/security/two-step', undefined, { token: idToken })).toEqual({
      status: 200,
      body: { success: true, enabled: false },
    });
    const setup = await callApi(
      'POST',
      '/api/me/security/two-step/setup',
      { accessToken },
      { token: idToken },
    );
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Kindred%3A${encodeURIComponent(c.email)}?secret=${secret}&issuer=Kindred&algorithm=SHA1&digits=6&period=30`,
    );
    const app: TestAuthenticator = { secret, lastStep: 0 };

    // Someone else's access token is refused: the token must be the caller's own.
    const other = await createCharity({ label: 'mfa-other' });
    const stranger = await signIn(clientId, other.email, other.password);
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/on',
        { accessToken: stranger.accessToken, code: '123456' },
        { token: idToken },
      ),
    ).toMatchObject({ status: 401 });
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/on',
        { accessToken, code: '12345' },
        { token: idToken },
      ),
    ).toMatchObject({ status: 400, body: { field: 'code', error: TwoStepMessage.CodeFormat } });
    const wrong = wrongCode(app);
    expect(
      await callApi('POST', '/api/me/security/two-step/on', { accessToken, code: wrong }, { token: idToken }),
    ).toMatchObject({ status: 400, body: { field: 'code', error: TwoStepMessage.CodeWrong } });
    expect(await mfaOf(c.email)).toEqual([]);

    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/on',
        { accessToken, code: await nextCode(app) },
        { token: idToken },
      ),
    ).toEqual({ status: 200, body: { success: true, message: TwoStepMessage.TurnedOn } });
    expect(await mfaOf(c.email)).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect((await mailTo(c.email)).map((m) => m.subject)).toContain(
      'Two-step sign-in is on for your Kindred account',
    );
    // Every session ended: the ID token is refused, and its refresh token revoked.
    expect(await callApi('GET', '/api/me/security/two-step', undefined, { token: idToken })).toMatchObject({
      status: 401,
    });

    // The password alone earns only the challenge.
    await afterCutOff(c.userId);
    const first = await browserCognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: c.email, PASSWORD: c.password },
    });
    expect(first).toMatchObject({
      status: 200,
      body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) },
    });
    expect(first.body.AuthenticationResult).toBeUndefined();
    const respond = (session: unknown, answer: string) =>
      browserCognito('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: clientId,
        Session: session,
        ChallengeResponses: { USERNAME: c.email, SOFTWARE_TOKEN_MFA_CODE: answer },
      });
    // A wrong code is refused and the session allows a retry.
    expect(await respond(first.body.Session, wrong)).toMatchObject({
      status: 400,
      body: { __type: 'CodeMismatchException' },
    });
    const good = await nextCode(app);
    const done = await respond(first.body.Session, good);
    expect(done).toMatchObject({
      status: 200,
      body: { AuthenticationResult: { IdToken: expect.any(String), RefreshToken: expect.any(String) } },
    });
    // The code just used, replayed at once in a new sign-in (still inside its time window): refused as used.
    // (The code that turned it on may be minutes old on a slow run, past the window: then any refusal is a
    // mismatch, so the replay is tried with a code that is certainly fresh.)
    const replay = await browserCognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: c.email, PASSWORD: c.password },
    });
    expect(await respond(replay.body.Session, good)).toMatchObject({
      status: 400,
      body: { __type: 'ExpiredCodeException' },
    });
    const session = done.body.AuthenticationResult as Record<string, string>;
    expect(await callApi('GET', '/api/me/security/two-step', undefined, { token: session.IdToken })).toEqual({
      status: 200,
      body: { success: true, enabled: true },
    });
    // The session is single use, and so is the code.
    expect(await respond(first.body.Session, good)).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException' },
    });
    const again = await browserCognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: c.email, PASSWORD: c.password },
    });
    expect(await respond(again.body.Session, good)).toMatchObject({
      status: 400,
      body: { __type: 'ExpiredCodeException' },
    });
  });

  it('payment changes need a session signed in with a code: a stolen password is not enough', async () => {
    const c = await createCharity({ label: 'mfa-pay' });
    // The thief signs in with the password alone: neither onboarding step runs, and no Stripe account is made.
    expect(await startOnboarding(c.idToken)).toEqual(MFA_REQUIRED);
    expect(await completeOnboarding(c.idToken)).toEqual(MFA_REQUIRED);
    expect(await getItem(c.userId, 'PROFILE')).toMatchObject({ stripe_account_id: null });
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_onboarding_account_id).toBeUndefined();

    // Turning it on does not let this session through: it ended, and a new one must pass the code. The owner's
    // session connects the account through Stripe's onboarding (the local Stripe's page).
    const owner = await withTwoStep(c);
    expect(await startOnboarding(c.idToken)).toMatchObject({ status: 401 });
    const started = await startOnboarding(owner.idToken, await payoutCode(owner));
    expect(started).toMatchObject({ status: 200, body: { success: true, url: expect.any(String) } });
    await submitOnboardingPage(started.body.url as string);
    const done = await completeOnboarding(owner.idToken);
    expect(done).toMatchObject({
      status: 200,
      body: { linked: true, stripe_account_id: expect.stringMatching(/^acct_\w+$/), charges_enabled: true },
    });
    const accountId = done.body.stripe_account_id as string;
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(accountId);
    for (const address of [c.email, `hello-${c.registrationNumber}@example.org`]) {
      expect((await mailTo(address)).map((m) => m.subject)).toContain(
        `The payment account of ${c.charityName} on Kindred changed`,
      );
    }

    // With TOTP on, the password alone yields no tokens at all.
    const { idToken: passwordOnly } = await signIn(clientId, c.email, c.password).catch(() => ({
      idToken: '',
    }));
    expect(passwordOnly).toBe('');

    // Turning it off needs the password and a current code, and with a payout account connected a code from the
    // register's email (issue 41); afterwards payments are refused again.
    const registerCode = await payoutCode(owner);
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/off',
        { password: 'Wrong-Password-1!', code: '000000', registerCode },
        { token: owner.idToken },
      ),
    ).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/off',
        { password: c.password, code: usedCode(owner.app) },
        { token: owner.idToken },
      ),
    ).toMatchObject({ status: 400, body: { field: 'code', error: TwoStepMessage.CodeUsed } });
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/off',
        { password: c.password, code: await nextCode(owner.app) },
        { token: owner.idToken },
      ),
    ).toEqual({ status: 200, body: { success: true, message: TwoStepMessage.TurnedOff } });
    expect(await mfaOf(c.email)).toEqual([]);
    expect((await mailTo(c.email)).map((m) => m.subject)).toContain(
      'Two-step sign-in is off for your Kindred account',
    );
    // The owner's session, and a new password-only one (a thief's), can neither start nor complete a change.
    const thief = await signIn(clientId, c.email, c.password);
    for (const token of [owner.idToken, thief.idToken]) {
      expect(await startOnboarding(token)).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
      expect(await completeOnboarding(token)).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
    }
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(accountId);
  });

  it('deleting an account with a payment account needs a session signed in with a code', async () => {
    // Connected through Stripe's onboarding (two-step on), then two-step turned off by its owner.
    const c = await connectPaymentAccount(await createCharity({ label: 'mfa-delete' }));
    expect(
      await callApi(
        'POST',
        '/api/me/security/two-step/off',
        { password: c.password, code: await nextCode(c.app), registerCode: await payoutCode(c) },
        { token: c.idToken },
      ),
    ).toMatchObject({ status: 200 });
    const passwordOnly = await signIn(clientId, c.email, c.password);
    expect(await callApi('POST', '/api/delete-charity-account', {}, { token: passwordOnly.idToken })).toEqual(
      {
        status: 403,
        body: { success: false, code: 'MFA_REQUIRED', error: TwoStepMessage.RequiredForDeletion },
      },
    );
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(c.accountId);
    // A session signed in with a code deletes it. Another account of the same kind, so this test spends no more
    // than three codes of one authenticator (a fourth waits for the clock's next 30-second step).
    const owner = await connectPaymentAccount(await createCharity({ label: 'mfa-delete-owner' }));
    expect(await callApi('POST', '/api/delete-charity-account', {}, { token: owner.idToken })).toMatchObject({
      status: 200,
    });
    expect(await getItem(owner.userId, 'PROFILE')).toBeUndefined();
  });

  it('an account without a payment account is deleted with a password-only session, as before', async () => {
    const c = await createCharity({ label: 'mfa-delete-plain' });
    await forceVerificationFlags(c.userId, { verified: true });
    expect(await callApi('POST', '/api/delete-charity-account', {}, { token: c.idToken })).toMatchObject({
      status: 200,
    });
  });

  it('a session signed in with a code keeps working for the usual routes', async () => {
    const c = await withTwoStep(await createCharity({ label: 'mfa-usual' }));
    const next = await signInWithCode(c.email, c.password, c.app);
    expect(await callApi('GET', '/api/me/preferences', undefined, { token: next.idToken })).toMatchObject({
      status: 200,
    });
  });
});
