import { base32Decode, hotp, TOTP_DRIFT_STEPS, TOTP_STEP_SECONDS, totpStep } from '../../infra/local/totp';
import { callApi } from './api';
import { getItem, type TestCharity } from './charity';
import { cloud } from './cloud';
import { signIn } from './identity';

/** An authenticator app in a test: the secret, and the last step whose code was used (each is accepted once). */
export interface TestAuthenticator {
  secret: string;
  lastStep: number;
}

/** How long a code handed out stays good at the least: room for a slow run between computing and checking it. */
const CODE_MARGIN_MS = 20_000;

/**
 * The next code the server will accept, and for at least {@link CODE_MARGIN_MS}. The server accepts a step while
 * its clock is within one step of it, so the step behind stays good only until the current step ends: it is
 * handed out only while that is far enough off, else the current step (good for 30 to 60 seconds more) or the
 * next. (Handing out the step behind whatever the time left, the oldest acceptable code, left a slow run as
 * little as a millisecond: the two-step journey failed one run in two, issue 46.) Usually three codes can be
 * used in a row without waiting; when the window is used up this waits for the clock's next step.
 */
export async function nextCode(app: TestAuthenticator): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = totpStep(now);
    const stepEndsAt = (current + 1) * TOTP_STEP_SECONDS * 1000;
    const oldest = stepEndsAt - now >= CODE_MARGIN_MS ? current - TOTP_DRIFT_STEPS : current;
    const step = Math.max(oldest, app.lastStep + 1);
    if (step <= current + TOTP_DRIFT_STEPS) {
      app.lastStep = step;
      return hotp(base32Decode(app.secret), step);
    }
    await new Promise((resolve) => setTimeout(resolve, stepEndsAt - Date.now() + 50));
  }
}

/**
 * The code {@link nextCode} would hand out, without using it up: for a request the server refuses before it
 * checks the code (another charity's donation, a missing register code), so the app's next step is not spent
 * and the test does not wait 30 seconds for the clock.
 */
export function peekCode(app: TestAuthenticator): string {
  const now = Date.now();
  const current = totpStep(now);
  const stepEndsAt = (current + 1) * TOTP_STEP_SECONDS * 1000;
  const oldest = stepEndsAt - now >= CODE_MARGIN_MS ? current - TOTP_DRIFT_STEPS : current;
  return hotp(base32Decode(app.secret), Math.max(oldest, app.lastStep + 1));
}

/**
 * A code the server refuses whatever the clock: one that no step of the window around now, nor of the app's
 * next steps, produces.
 */
export function wrongCode(app: TestAuthenticator): string {
  const key = base32Decode(app.secret);
  const current = totpStep(Date.now());
  const near = new Set<string>();
  for (let step = current - 3; step <= current + 3; step += 1) near.add(hotp(key, step));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(hotp(key, current)) + 500_000 + n) % 1_000_000).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/** A code the server has already accepted (the last one used). */
export const usedCode = (app: TestAuthenticator) => hotp(base32Decode(app.secret), app.lastStep);

/** The browser's Cognito endpoint (`/cognito` on the app origin), called as Amplify calls it. */
export async function browserCognito(operation: string, body: unknown) {
  const res = await fetch(`${cloud().appUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs in through the browser's endpoint: password, then the TOTP challenge with the app's next code. */
export async function signInWithCode(email: string, password: string, app: TestAuthenticator) {
  const clientId = cloud().env.CHARITY_CLIENT_ID as string;
  const first = await browserCognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (first.body.ChallengeName !== 'SOFTWARE_TOKEN_MFA') throw new Error('no TOTP challenge');
  const done = await browserCognito('RespondToAuthChallenge', {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ClientId: clientId,
    Session: first.body.Session,
    ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await nextCode(app) },
  });
  const tokens = done.body.AuthenticationResult as Record<string, string> | undefined;
  if (!tokens?.IdToken) throw new Error(`challenge refused: ${JSON.stringify(done.body)}`);
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken as string };
}

/**
 * How a test signs in again once two-step sign-in is on: with the authenticator's next code, answering the new
 * session's id token. A browser journey passes its own sign-in through the page, so the page's session is the
 * one the API calls use too and no extra code is spent (each step is accepted once: a fourth code in a row
 * waits up to a minute for the clock).
 */
export type SignInAgain = (c: TestCharity, app: TestAuthenticator) => Promise<string>;

/**
 * Turns two-step sign-in on through the app's routes (as the Settings page does), then signs in again with a
 * code once the clock has passed the cut-off it recorded (tokens of that second are refused): the charity with
 * its new session and its authenticator. When it was on before, pass the authenticator used then: a step is
 * accepted once per user, whatever the secret, so the new app starts after the last step used. `signInAgain`
 * replaces the sign-in through Cognito's endpoint (a journey's sign-in through the page).
 */
export async function withTwoStep(
  c: TestCharity,
  previous?: TestAuthenticator,
  signInAgain?: SignInAgain,
): Promise<TestCharity & { app: TestAuthenticator }> {
  const { idToken, accessToken } = await signIn(cloud().env.CHARITY_CLIENT_ID as string, c.email, c.password);
  const setup = await callApi('POST', '/api/me/security/two-step/setup', { accessToken }, { token: idToken });
  if (setup.status !== 200) throw new Error(`setup refused: ${JSON.stringify(setup.body)}`);
  const app: TestAuthenticator = { secret: setup.body.secret as string, lastStep: previous?.lastStep ?? 0 };
  const on = await callApi(
    'POST',
    '/api/me/security/two-step/on',
    { accessToken, code: await nextCode(app) },
    { token: idToken },
  );
  if (on.status !== 200) throw new Error(`turning on refused: ${JSON.stringify(on.body)}`);
  await afterCutOff(c.userId);
  const session = signInAgain
    ? await signInAgain(c, app)
    : (await signInWithCode(c.email, c.password, app)).idToken;
  return { ...c, idToken: session, app };
}

/** Waits until the clock is past the profile's `mfa_enabled_at` (whole seconds), so a new token counts. */
export async function afterCutOff(userId: string): Promise<void> {
  const at = Number((await getItem(userId, 'PROFILE'))?.mfa_enabled_at ?? 0);
  while (Math.floor(Date.now() / 1000) < at) await new Promise((resolve) => setTimeout(resolve, 100));
}
