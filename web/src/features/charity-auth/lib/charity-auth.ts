/**
 * The charity session as the pages use it. Amplify (about 40% of a charity page's JavaScript) is loaded only
 * when it is needed: when a form signs in, or when this device holds a session (Amplify's own
 * `CognitoIdentityServiceProvider.<client>.LastAuthUser` key in local storage). A page without a session
 * never downloads it.
 */
import type { RuntimeConfig } from '@shared/config';
import { DEVICE_STORAGE } from '@/lib/device-storage';
import { clearScope } from '@/lib/query';
import { signInErrorMessage } from '../utils/auth-errors';
import type { CharityUser, CodeResult, SignInResult } from './amplify-session';

export type { CharityUser, CodeResult, SignInResult };

/** The query scope of the signed-in charity's reads (`useCharityQuery`); signing out forgets it. */
export const CHARITY_SCOPE = 'charity';

type Session = typeof import('./amplify-session');

let config: RuntimeConfig | undefined;
let loading: Promise<Session> | undefined;

function session(): Promise<Session> {
  loading ??= import('./amplify-session').catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading.then((m) => {
    if (config) m.configureCharityAuth(config);
    return m;
  });
}

/** Remembers the configuration; Amplify is configured with it when (and if) it loads. */
export function configureCharityAuth(next: RuntimeConfig): void {
  config = next;
}

/** Whether this device holds a charity session, read without Amplify. */
export function hasStoredSession(): boolean {
  if (!config) return true; // unknown client: ask Amplify
  try {
    return (
      window.localStorage.getItem(`${DEVICE_STORAGE.signIn.name}${config.charityClientId}.LastAuthUser`) !==
      null
    );
  } catch {
    return true;
  }
}

export async function signInCharity(email: string, password: string): Promise<SignInResult> {
  try {
    return await (await session()).signInCharity(email, password);
  } catch (error) {
    return { ok: false, message: signInErrorMessage(error) };
  }
}

/** The authenticator code of a sign-in that answered `needsCode`. */
export async function confirmSignInCode(code: string): Promise<CodeResult> {
  try {
    return await (await session()).confirmSignInCode(code);
  } catch (error) {
    return { ok: false, message: signInErrorMessage(error), restart: true };
  }
}

/** The Cognito access token (for the two-step routes only); null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  return (await session()).getAccessToken();
}

/** Signs in again after a password change ended every session, this one included. False when that failed. */
export async function renewSessionAfterPasswordChange(email: string, newPassword: string): Promise<boolean> {
  return (await signInCharity(email, newPassword)).ok;
}

export async function currentCharityUser(): Promise<CharityUser | null> {
  if (!hasStoredSession()) return null;
  return (await session()).currentCharityUser();
}

export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  return (await session()).getIdToken();
}

export async function refreshIfNeeded(now = Date.now()): Promise<boolean> {
  if (!hasStoredSession()) return false;
  return (await session()).refreshIfNeeded(now);
}

export async function signOutCharity(): Promise<void> {
  // The next account on this device must never see this one's data.
  clearScope(CHARITY_SCOPE);
  if (!hasStoredSession() && !loading) return;
  await (await session()).signOutCharity();
}
