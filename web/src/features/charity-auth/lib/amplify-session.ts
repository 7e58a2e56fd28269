/**
 * The charity session on Amplify v6 (Cognito user pool, charity app client). The ONLY module that imports
 * Amplify: it is reached from lazily loaded charity routes only, so public pages never download it.
 */

import type { RuntimeConfig } from '@shared/config';
import { USER_TYPE_ATTRIBUTE, UserType } from '@shared/identity';
import { Amplify } from 'aws-amplify';
import {
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
} from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import { signOutEverywhere } from '../api/session-api';
import { isNotCharityError, SignInMessage, signInErrorMessage, twoStepCodeError } from '../utils/auth-errors';
import { needsRefresh } from '../utils/session-timing';

let configuredFor: string | undefined;

// The client hides console messages about backend auth failures (charity-area spec): Amplify's logger is
// silenced (its failures reach us as rejected promises, which the forms turn into the spec's words).
ConsoleLogger.LOG_LEVEL = 'NONE';

/** The Cognito endpoint Amplify must call: absolute, on this origin locally (`/cognito`), AWS's otherwise. */
export function resolveUserPoolEndpoint(
  cognitoEndpoint: string | undefined,
  origin: string,
): string | undefined {
  if (!cognitoEndpoint) return undefined;
  return new URL(cognitoEndpoint, origin).toString().replace(/\/+$/, '');
}

/** Configures Amplify once per page (again only if the configuration changed). */
export function configureCharityAuth(config: RuntimeConfig): void {
  const key = `${config.userPoolId}|${config.charityClientId}|${config.cognitoEndpoint ?? ''}`;
  if (configuredFor === key) return;
  const userPoolEndpoint = resolveUserPoolEndpoint(config.cognitoEndpoint, window.location.origin);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.charityClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
      },
    },
  });
  configuredFor = key;
}

export interface CharityUser {
  userId: string;
  email: string;
}

export type SignInResult =
  | { ok: true }
  | { ok: false; message: string; notCharity?: boolean }
  /** Two-step sign-in is on: the password was right, the code from the authenticator app comes next. */
  | { ok: false; needsCode: true; message: string };

/** A refused code: its message, and whether the sign-in must start again (the challenge expired). */
export type CodeResult =
  | { ok: true }
  | { ok: false; message: string; restart: boolean; notCharity?: boolean };

/** After a sign-in, checks the token's user type (the trigger already refuses non-charity users). */
async function charityOnly(): Promise<{ ok: true } | { ok: false; message: string; notCharity: true }> {
  const { tokens } = await fetchAuthSession();
  if (tokens?.idToken?.payload[USER_TYPE_ATTRIBUTE] !== UserType.Charity) {
    await signOutCharity();
    return { ok: false, message: SignInMessage.NotCharity, notCharity: true };
  }
  return { ok: true };
}

/** Signs in with USER_PASSWORD_AUTH (the local Cognito has no SRP); refuses and signs out any non-charity user. */
export async function signInCharity(email: string, password: string): Promise<SignInResult> {
  const attempt = () =>
    amplifySignIn({
      username: email.trim().toLowerCase(),
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  try {
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      // Someone is still signed in on this device: sign them out and try once more.
      if ((error as Error)?.name !== 'UserAlreadyAuthenticatedException') throw error;
      await amplifySignOut();
      result = await attempt();
    }
    if (!result.isSignedIn) {
      const step = result.nextStep.signInStep;
      if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { ok: false, needsCode: true, message: '' };
      await amplifySignOut().catch(() => undefined);
      return {
        ok: false,
        message: step === 'CONFIRM_SIGN_UP' ? SignInMessage.NotVerified : SignInMessage.Failed,
      };
    }
    return await charityOnly();
  } catch (error) {
    if (isNotCharityError(error)) {
      await signOutCharity();
      return { ok: false, message: SignInMessage.NotCharity, notCharity: true };
    }
    return { ok: false, message: signInErrorMessage(error) };
  }
}

/** The second step of a sign-in with two-step sign-in on: the 6-digit code from the authenticator app. */
export async function confirmSignInCode(code: string): Promise<CodeResult> {
  try {
    const result = await confirmSignIn({ challengeResponse: code });
    if (!result.isSignedIn) return { ok: false, message: SignInMessage.Failed, restart: true };
    const checked = await charityOnly();
    return checked.ok ? checked : { ...checked, restart: true };
  } catch (error) {
    if (isNotCharityError(error)) {
      await signOutCharity();
      return { ok: false, message: SignInMessage.NotCharity, notCharity: true, restart: true };
    }
    return { ok: false, ...twoStepCodeError(error) };
  }
}

/**
 * After a password change the server signs out every session, this one included (refresh tokens revoked, older
 * ID tokens refused): signs in again with the new password so the user stays signed in. False when that failed.
 */
export async function renewSessionAfterPasswordChange(email: string, newPassword: string): Promise<boolean> {
  return (await signInCharity(email, newPassword)).ok;
}

/** The signed-in charity user, or null (no tokens, or they could not be refreshed). */
export async function currentCharityUser(): Promise<CharityUser | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return null;
    const user = await getCurrentUser();
    const email = tokens.idToken.payload.email;
    return {
      userId: user.userId,
      email: typeof email === 'string' ? email : (user.signInDetails?.loginId ?? ''),
    };
  } catch {
    return null;
  }
}

/** The Cognito ID token for charity API calls (it carries `custom:user_type`); null when signed out. */
export async function getIdToken(): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** The Cognito access token: only for the app's own two-step routes, which check it is the caller's. */
export async function getAccessToken(): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * One tick of the 30 s refresh check: refreshes when three ticks or fewer remain. Resolves false when the
 * session is gone (refresh failed or the user was deleted).
 */
export async function refreshIfNeeded(now = Date.now()): Promise<boolean> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return false;
    const exp = Math.min(tokens.idToken.payload.exp ?? 0, tokens.accessToken.payload.exp ?? 0);
    if (!needsRefresh(exp || undefined, now)) return true;
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    return Boolean(refreshed.tokens?.idToken);
  } catch {
    return false;
  }
}

/**
 * Signs out everywhere, and always clears this device: `signOut({ global: true })` resolves even when the
 * global call fails, and a deleted user cannot be signed out globally at all.
 */
let signingOut: Promise<void> | undefined;

/**
 * Signs out everywhere: the API revokes every refresh token on the server and then records the cut-off (ID
 * tokens issued before it are refused, which Cognito's global sign-out alone does not do for the hour an ID
 * token lives); Cognito's global sign-out from here is a second try, and a local sign-out always clears this
 * device. One at a time: a refusal that
 * ends the session while signing out does not start a second one.
 */
export function signOutCharity(): Promise<void> {
  signingOut ??= (async () => {
    try {
      const token = await getIdToken();
      if (token) await signOutEverywhere(token);
    } catch {
      // the account may be gone already: nothing to cut off
    }
    try {
      await amplifySignOut({ global: true });
    } catch {
      // fall through to the local sign-out
    }
    try {
      await amplifySignOut();
    } catch {
      // nothing left to clear
    }
  })().finally(() => {
    signingOut = undefined;
  });
  return signingOut;
}
