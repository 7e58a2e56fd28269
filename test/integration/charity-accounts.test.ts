import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { registrationMarkerKey } from '../../lambdas/data/charities';
import { resetTokenKey } from '../../lambdas/data/reset-tokens';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { withRoomInWindow } from '../support/clock-windows';
import { cloud } from '../support/cloud';
import { cognitoClient, createUser, signIn } from '../support/identity';
import { type SampleCharity, sampleCharity } from '../support/numbers';
import { tableClient } from '../support/table';
import { backdateExpiry, rewindCode, setVerificationBudget } from '../support/tampering';

jest.setTimeout(60_000);

const { env } = cloud();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const doc = tableClient();
const s3 = new S3Client({
  endpoint: env.AWS_ENDPOINT_URL_S3,
  region: env.AWS_REGION,
  credentials,
  forcePathStyle: true,
});
const PASSWORD = 'Kindred-Charity-2026!';
const NEW_PASSWORD = 'Brand-New-Secret-42?';
let emailSeq = 0;
const newEmail = () => `charity-${Date.now()}-${++emailSeq}@example.org`;

/** Registers a sample charity (by default one of its own, whose register entry holds an email). */
async function register(sample: SampleCharity = sampleCharity(), email = newEmail(), from = freshAddress()) {
  const res = await post(
    '/api/register-charity',
    { email, password: PASSWORD, charityRegistrationNumber: sample.number },
    { from },
  );
  return { ...res, email, sample, inbox: sample.email ?? '' };
}
async function registeredAndSignedIn(sample?: SampleCharity) {
  const r = await register(sample);
  expect(r.status).toBe(200);
  const tokens = await signIn(env.CHARITY_CLIENT_ID as string, r.email, PASSWORD);
  const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1] as string, 'base64url').toString());
  return { ...r, ...tokens, userId: claims.sub as string };
}
const codeFrom = (text: string) => /code is: (\d{6})/.exec(text)?.[1] as string;
/** The code in the newest email to an address. */
async function latestCode(address: string) {
  const mail = await mailTo(address);
  return codeFrom(mail[mail.length - 1]!.text);
}
const setBudget = setVerificationBudget;
const rewind = rewindCode;
const partition = async (userId: string) =>
  (
    await doc.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `CHARITY#${userId}` },
      }),
    )
  ).Items ?? [];

describe('register-charity', () => {
  it('creates a charity account, mails a code to the register email, and signs in as a charity', async () => {
    const r = await registeredAndSignedIn();
    expect(r.body).toEqual({ success: true, message: expect.stringContaining('Registration successful') });
    const mail = await mailTo(r.inbox);
    const last = mail[mail.length - 1]!;
    expect(last.subject).toBe('Your Kindred verification code');
    expect(last.text).toMatch(/\d{6}/);
    expect(last.html).toContain(codeFrom(last.text));
    const items = await partition(r.userId);
    expect(items.map((i) => i.SK).sort()).toEqual(['CODE', 'PROFILE', 'VERIFICATION']);
    const code = items.find((i) => i.SK === 'CODE')!;
    // Only a hash is stored.
    expect(JSON.stringify(code)).not.toContain(codeFrom(last.text));
    expect(code.code_hash).toMatch(/^scrypt\$/);
  });

  it('allows exactly one account for twenty parallel registrations of one number', async () => {
    const from = freshAddress();
    const sample = sampleCharity();
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(sample, newEmail(), from)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({
        success: false,
        isDuplicate: true,
        charityName: sample.name,
      });
    }
    const marker = await doc.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: registrationMarkerKey(sample.number) }),
    );
    expect(marker.Item?.userId).toBeDefined();
    expect(marker.Item?.pending).toBeUndefined();
  });

  it('refuses a duplicate email with the email flag, and numbers not on the register on that field', async () => {
    const first = await register();
    expect(first.status).toBe(200);
    const again = await register(sampleCharity(), first.email);
    expect(again).toMatchObject({ status: 409, body: { code: 'EMAIL_EXISTS', field: 'email' } });
    expect(again.body.error).toBe(
      'This email address is already registered with a charity account on Kindred.',
    );
    const unknown = await post(
      '/api/register-charity',
      { email: newEmail(), password: PASSWORD, charityRegistrationNumber: '999' },
      { from: freshAddress() },
    );
    expect(unknown).toMatchObject({ status: 400, body: { field: 'charityRegistrationNumber' } });
    const removed = await post(
      '/api/register-charity',
      { email: newEmail(), password: PASSWORD, charityRegistrationNumber: '5100252' },
      { from: freshAddress() },
    );
    // The index holds registered charities only: a removed one is not found.
    expect(removed).toMatchObject({
      status: 400,
      body: { field: 'charityRegistrationNumber', error: expect.stringContaining("couldn't find") },
    });
    // Nothing was stored for the refused number.
    expect(
      (await doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: registrationMarkerKey('999') }))).Item,
    ).toBeUndefined();
  });

  it('answers bad input of any shape with a 400 in the spec words, storing nothing', async () => {
    const from = freshAddress();
    const unregistered = sampleCharity().number;
    const cases: [unknown, string, string][] = [
      [{ password: PASSWORD, charityRegistrationNumber: '1' }, 'email', 'Email is required'],
      [
        { email: 'not-an-email', password: PASSWORD, charityRegistrationNumber: '1' },
        'email',
        'Please enter a valid email address',
      ],
      [{ email: newEmail(), charityRegistrationNumber: '1' }, 'password', 'Password is required'],
      [
        { email: newEmail(), password: PASSWORD },
        'charityRegistrationNumber',
        'Charity registration number is required',
      ],
      [
        { email: newEmail(), password: 'short', charityRegistrationNumber: unregistered },
        'password',
        expect.stringContaining('Password does not meet security requirements.'),
      ],
      [
        { email: newEmail(), password: 'Password-1234!', charityRegistrationNumber: unregistered },
        'password',
        expect.stringContaining('Password does not meet'),
      ],
      [
        { email: 42, password: PASSWORD, charityRegistrationNumber: unregistered },
        'email',
        'Email is required',
      ],
      [
        { email: newEmail(), password: PASSWORD, charityRegistrationNumber: 'ABC-12' },
        'charityRegistrationNumber',
        expect.stringContaining('digits'),
      ],
    ];
    for (const [body, field, error] of cases) {
      const res = await post('/api/register-charity', body, { from });
      expect({ status: res.status, field: res.body.field, error: res.body.error }).toEqual({
        status: 400,
        field,
        error,
      });
    }
    expect(
      (await callApi('POST', '/api/register-charity', undefined, { raw: '{"email":', from })).status,
    ).toBe(400);
    expect(
      (
        await doc.send(
          new GetCommand({ TableName: env.TABLE_NAME, Key: registrationMarkerKey(unregistered) }),
        )
      ).Item,
    ).toBeUndefined();
  });

  it('limits attempts per email per day with the email flags', async () => {
    await withRoomInWindow('day', 30);
    const email = newEmail();
    const sample = sampleCharity();
    const answers = [];
    for (let k = 0; k < 6; k++) answers.push(await register(sample, email, freshAddress()));
    const limited = answers[5]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      isRateLimit: true,
      rateLimitType: 'email',
      error: 'Too many registration attempts. Please try again tomorrow.',
    });
    expect(limited.body.waitTime).toBeGreaterThan(0);
    expect(limited.body.waitTime).toBeLessThanOrEqual(86400);
  });

  it('limits attempts per client address per hour with the other flags', async () => {
    await withRoomInWindow(3600, 30);
    const from = freshAddress();
    let last = { status: 0, body: {} as Record<string, unknown> };
    for (let k = 0; k < 21; k++)
      last = await post(
        '/api/register-charity',
        { email: newEmail(), password: PASSWORD, charityRegistrationNumber: '999' },
        { from },
      );
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({
      isRateLimit: true,
      rateLimitType: 'other',
      error: 'Too many registration attempts. Please try again in an hour.',
    });
  });

  it('opens a case instead of mailing a code when the register holds no email', async () => {
    const r = await registeredAndSignedIn(sampleCharity({ registerEmail: false }));
    expect(r.body.message).toContain('our team will contact you');
    const items = await partition(r.userId);
    expect(items.map((i) => i.SK).sort()).toEqual(['CASE#NO_REGISTER_EMAIL', 'PROFILE', 'VERIFICATION']);
    const info = await post('/api/get-verification-info', {}, { token: r.idToken });
    expect(info).toMatchObject({ status: 200, body: { email_sent_to: null, created_at: null } });
    const profile = await callApi('GET', '/api/me/profile', undefined, { token: r.idToken });
    expect(profile.body).toMatchObject({
      verification: { needs_manual_verification: true, verified: false },
    });
  });
});

describe('email verification', () => {
  it('verifies with the mailed code, after refusing a wrong one and throttling quick retries', async () => {
    const r = await registeredAndSignedIn();
    const info = await post('/api/get-verification-info', {}, { token: r.idToken });
    expect(info.body).toEqual({
      email_sent_to: r.inbox,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      // Just registered: the first resend waits 30 s from the first code, by the server's clock.
      resend_wait_seconds: expect.any(Number),
      register_email_suppressed: null,
    });
    expect(info.body.resend_wait_seconds).toBeGreaterThan(0);
    expect(info.body.resend_wait_seconds).toBeLessThanOrEqual(30);
    const days =
      (Date.parse(info.body.expires_at as string) - Date.parse(info.body.created_at as string)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const code = await latestCode(r.inbox);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await post('/api/verify-charity-code', { verificationCode: Number(wrong) }, { token: r.idToken }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Invalid verification code' },
    });
    expect(
      await post('/api/verify-charity-code', { verificationCode: code }, { token: r.idToken }),
    ).toMatchObject({
      status: 429,
      body: { error: 'Please wait a moment before trying again' },
    });
    await rewind(r.userId, 'last_attempt_at');
    expect(
      await post('/api/verify-charity-code', { verificationCode: code }, { token: r.idToken }),
    ).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const profile = await callApi('GET', '/api/me/profile', undefined, { token: r.idToken });
    expect(profile.body).toMatchObject({ verification: { verified: true } });
    // The code is gone; using it again fails.
    await rewind(r.userId, 'last_attempt_at').catch(() => undefined);
    expect(
      (await post('/api/verify-charity-code', { verificationCode: code }, { token: r.idToken })).status,
    ).toBe(409);
  });

  it('accepts a code once when it is sent twice in parallel', async () => {
    const r = await registeredAndSignedIn();
    const code = await latestCode(r.inbox);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/verify-charity-code', { verificationCode: code }, { token: r.idToken })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('voids a code after 10 wrong tries and locks verification after 50 in all', async () => {
    const r = await registeredAndSignedIn();
    const tryCode = (verificationCode: string) =>
      post('/api/verify-charity-code', { verificationCode }, { token: r.idToken });
    // Wrong codes count against the registration number's budget, not the account.
    await setBudget(r.sample.number, { code_failures: 9, total_failures: 9 });
    expect(await tryCode('000001')).toMatchObject({
      status: 400,
      body: { code: 'CODE_VOID' },
    });
    await rewind(r.userId, 'last_attempt_at');
    // Even the right code is refused now: a new one must be sent.
    const voided = await latestCode(r.inbox);
    expect((await tryCode(voided)).body.code).toBe('CODE_VOID');
    // Resend gives a fresh code; then 49 failures in all plus one more locks the account's verification.
    await rewind(r.userId, 'last_sent_at');
    expect((await post('/api/resend-verification-code', {}, { token: r.idToken })).status).toBe(200);
    await setBudget(r.sample.number, { total_failures: 49 });
    expect(await tryCode('000002')).toMatchObject({
      status: 423,
      body: { code: 'VERIFICATION_LOCKED' },
    });
    await rewind(r.userId, 'last_attempt_at');
    const fresh = await latestCode(r.inbox);
    expect((await tryCode(fresh)).status).toBe(423);
    expect((await post('/api/resend-verification-code', {}, { token: r.idToken })).status).toBe(423);
  });

  it('resends at most every 30 seconds, with a new code that replaces the old', async () => {
    const r = await registeredAndSignedIn();
    const before = (await mailTo(r.inbox)).length;
    const early = await post('/api/resend-verification-code', {}, { token: r.idToken });
    expect(early).toMatchObject({
      status: 429,
      body: { error: 'Please wait 30 seconds before requesting another code', isRateLimit: true },
    });
    // waitTime is what is left of the wait (the page's countdown starts from it), not the whole 30 s again.
    const left = early.body.waitTime as number;
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(30);
    await rewind(r.userId, 'last_sent_at');
    expect(await post('/api/resend-verification-code', {}, { token: r.idToken })).toMatchObject({
      status: 200,
      body: { message: 'New verification code sent to your charity email!' },
    });
    // The next resend waits a minute, and get-verification-info says so.
    const info = await post('/api/get-verification-info', {}, { token: r.idToken });
    expect(info.body.resend_wait_seconds).toBeGreaterThan(30);
    expect(info.body.resend_wait_seconds).toBeLessThanOrEqual(60);
    const mail = await mailTo(r.inbox);
    expect(mail.length).toBe(before + 1);
  });

  it('refuses malformed codes with the spec message', async () => {
    const r = await registeredAndSignedIn();
    for (const bad of ['12345', '1234567', 'abcdef', 12.5, -1, null, true]) {
      const res = await post('/api/verify-charity-code', { verificationCode: bad }, { token: r.idToken });
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 400,
        error: 'Please enter a 6-digit verification code',
      });
    }
  });
});

describe('password reset', () => {
  it('mails a single-use link that resets the password and signs the user out elsewhere', async () => {
    const r = await registeredAndSignedIn();
    const sent = await post(
      '/api/send-password-reset',
      { email: r.email.toUpperCase() },
      { from: freshAddress() },
    );
    expect(sent.status).toBe(200);
    const mail = await mailTo(r.email);
    const last = mail[mail.length - 1]!;
    const link = /(http:\/\/localhost:\d+\/charity\/reset-password#token=[\w-]+)/.exec(
      last.text,
    )?.[1] as string;
    expect(link.startsWith(env.SITE_URL as string)).toBe(true);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(await post('/api/validate-reset-token', { token })).toEqual({
      status: 200,
      body: { valid: true },
    });
    const answers = await Promise.all(
      [1, 2].map(() => post('/api/reset-password-with-token', { token, newPassword: NEW_PASSWORD })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await post('/api/validate-reset-token', { token })).toMatchObject({
      body: { valid: false, error: 'Invalid or expired reset link. Please request a new password reset.' },
    });
    await expect(signIn(env.CHARITY_CLIENT_ID as string, r.email, NEW_PASSWORD)).resolves.toHaveProperty(
      'idToken',
    );
    await expect(signIn(env.CHARITY_CLIENT_ID as string, r.email, PASSWORD)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The refresh token from before the reset no longer works.
    await expect(
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: env.CHARITY_CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: r.refreshToken },
        }),
      ),
    ).rejects.toBeDefined();
    // Only the hash of the token is stored.
    const stored = await doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: resetTokenKey(token) }));
    expect(stored.Item).toBeUndefined();
  });

  it('gives the same answer for unknown and donor emails, and sends nothing', async () => {
    const donor = await createUser('donor');
    const unknown = await post(
      '/api/send-password-reset',
      { email: 'nobody-here@example.org' },
      { from: freshAddress() },
    );
    const forDonor = await post('/api/send-password-reset', { email: donor.email }, { from: freshAddress() });
    expect(unknown).toEqual(forDonor);
    expect(unknown.status).toBe(200);
    expect(await mailTo('nobody-here@example.org')).toEqual([]);
    expect(await mailTo(donor.email)).toEqual([]);
  });

  it('mails at most three links per account per hour, answering the same', async () => {
    const r = await register();
    for (let k = 0; k < 5; k++)
      expect(
        (await post('/api/send-password-reset', { email: r.email }, { from: freshAddress() })).status,
      ).toBe(200);
    expect((await mailTo(r.email)).filter((m) => m.subject.includes('Reset'))).toHaveLength(3);
  });

  it('refuses unknown tokens and weak new passwords', async () => {
    expect(await post('/api/validate-reset-token', { token: 'x'.repeat(43) })).toMatchObject({
      body: { valid: false },
    });
    expect(
      await post('/api/reset-password-with-token', { token: 'x'.repeat(43), newPassword: NEW_PASSWORD }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_RESET_TOKEN' } });
    expect(await post('/api/reset-password-with-token', { token: 'x', newPassword: 'weak' })).toMatchObject({
      status: 400,
      body: { field: 'newPassword' },
    });
  });
});

describe('signed-in charity routes', () => {
  it('refuse requests without a token, with a donor token, and serve only the caller its own data', async () => {
    const a = await registeredAndSignedIn();
    const b = await registeredAndSignedIn();
    const donor = await createUser('donor');
    const donorTokens = await signIn(env.DONOR_CLIENT_ID as string, donor.email);
    const charityRoutes: ['GET' | 'POST', string][] = [
      ['GET', '/api/me/profile'],
      ['POST', '/api/get-verification-info'],
      ['POST', '/api/verify-charity-code'],
      ['POST', '/api/resend-verification-code'],
      ['POST', '/api/me/password'],
      ['POST', '/api/delete-charity-account'],
    ];
    for (const [method, path] of charityRoutes) {
      expect((await callApi(method, path, method === 'POST' ? {} : undefined)).status).toBe(401);
      expect(
        (await callApi(method, path, method === 'POST' ? {} : undefined, { token: donorTokens.idToken }))
          .status,
      ).toBe(403);
    }
    const profileA = await callApi('GET', '/api/me/profile', undefined, { token: a.idToken });
    const profileB = await callApi('GET', '/api/me/profile', undefined, { token: b.idToken });
    expect((profileA.body.charity as { id: string }).id).toBe(a.userId);
    expect((profileB.body.charity as { id: string }).id).toBe(b.userId);
    // Naming another charity in the query or body changes nothing: the id comes from the token.
    const sneaky = await callApi('GET', `/api/me/profile?id=${b.userId}`, undefined, { token: a.idToken });
    expect(sneaky.status).toBe(400);
    const sneakyBody = await post('/api/get-verification-info', { userId: b.userId }, { token: a.idToken });
    expect(sneakyBody.status).toBe(400);
    // The register's email is private: never in the profile answer.
    expect(JSON.stringify(profileA.body)).not.toContain('register_email');
  });
});

describe('settings', () => {
  it('changes the password after checking the current one', async () => {
    const r = await registeredAndSignedIn();
    expect(
      await post(
        '/api/me/password',
        { currentPassword: 'Wrong-Password-99!', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { token: r.idToken },
      ),
    ).toMatchObject({
      status: 400,
      body: { field: 'currentPassword', error: 'Current password is incorrect' },
    });
    expect(
      await post(
        '/api/me/password',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'other' },
        { token: r.idToken },
      ),
    ).toMatchObject({
      status: 400,
      body: { field: 'confirmPassword', error: 'Passwords do not match' },
    });
    expect(
      await post(
        '/api/me/password',
        { currentPassword: PASSWORD, newPassword: 'weakweakweak', confirmPassword: 'weakweakweak' },
        { token: r.idToken },
      ),
    ).toMatchObject({
      status: 400,
      body: { field: 'newPassword' },
    });
    expect(
      (
        await post(
          '/api/me/password',
          { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { token: r.idToken },
        )
      ).status,
    ).toBe(200);
    await expect(signIn(env.CHARITY_CLIENT_ID as string, r.email, NEW_PASSWORD)).resolves.toHaveProperty(
      'idToken',
    );
  });

  it('deletes the account: Cognito user, every item, the marker and every media object', async () => {
    const r = await registeredAndSignedIn();
    await s3.send(
      new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: `${r.userId}/pages/p1/photo.jpg`, Body: 'x' }),
    );
    await s3.send(
      new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: `someone-else/photo.jpg`, Body: 'y' }),
    );
    expect(await post('/api/delete-charity-account', {}, { token: r.idToken })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await partition(r.userId)).toEqual([]);
    expect(
      (
        await doc.send(
          new GetCommand({ TableName: env.TABLE_NAME, Key: registrationMarkerKey(r.sample.number) }),
        )
      ).Item,
    ).toBeUndefined();
    await expect(
      s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: `${r.userId}/pages/p1/photo.jpg` })),
    ).rejects.toBeDefined();
    await expect(
      s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: 'someone-else/photo.jpg' })),
    ).resolves.toBeDefined();
    await expect(signIn(env.CHARITY_CLIENT_ID as string, r.email, PASSWORD)).rejects.toBeDefined();
    // The number is free again.
    expect((await register(r.sample)).status).toBe(200);
  });

  it('sweeps accounts still unverified after their expiry, through the scheduled job', async () => {
    const r = await registeredAndSignedIn();
    const past = new Date(Date.now() - 60_000);
    await backdateExpiry(r.userId, past);
    // A verified charity is never swept, even past that time.
    const kept = await registeredAndSignedIn();
    expect(
      (
        await post(
          '/api/verify-charity-code',
          { verificationCode: await latestCode(kept.inbox) },
          { token: kept.idToken },
        )
      ).status,
    ).toBe(200);
    await backdateExpiry(kept.userId, past);
    const lambdaPort = Number(new URL(env.AWS_ENDPOINT_URL_DYNAMODB as string).port) - 8000 + 9001;
    const res = await fetch(
      `http://127.0.0.1:${lambdaPort}/2015-03-31/functions/sweep-unverified/invocations`,
      { method: 'POST', body: '{}' },
    );
    expect(res.headers.get('x-amz-function-error')).toBeNull();
    expect(((await res.json()) as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    expect(await partition(r.userId)).toEqual([]);
    await expect(signIn(env.CHARITY_CLIENT_ID as string, r.email, PASSWORD)).rejects.toBeDefined();
    expect((await partition(kept.userId)).length).toBeGreaterThan(0);
  });
});
