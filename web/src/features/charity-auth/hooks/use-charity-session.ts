import { paths } from '@shared/site/paths';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { SESSION_ENDED_EVENT } from '@/lib/api';
import { removeDraftsOf } from '@/lib/drafts/draft-store';
import { confirmLeave } from '@/lib/unsaved/leave-guard';
import {
  type CharityUser,
  configureCharityAuth,
  currentCharityUser,
  refreshIfNeeded,
  signOutCharity,
} from '../lib/charity-auth';
import { REFRESH_TICK_MS } from '../utils/session-timing';

export type CharitySession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: CharityUser };

export interface UseCharitySession {
  session: CharitySession;
  /**
   * Signs out (everywhere, and always on this device) and goes home; with unsaved changes on the page it asks
   * first. The account's stored drafts go with the session.
   */
  signOut: () => Promise<void>;
}

/**
 * The charity session for a page. With `required` (every signed-in page), no user means /charity/signin.
 * While mounted, a 30 s tick refreshes the tokens when they are close to expiry and notices a lost session.
 */
export function useCharitySession({ required = true }: { required?: boolean } = {}): UseCharitySession {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [session, setSession] = useState<CharitySession>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    configureCharityAuth(config);
    currentCharityUser().then((user) => {
      if (!active) return;
      if (user) setSession({ status: 'signed-in', user });
      else {
        setSession({ status: 'signed-out' });
        if (required) navigate(paths.charity.signIn.getHref(), { replace: true });
      }
    });
    return () => {
      active = false;
    };
  }, [config, navigate, required]);

  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => {
      refreshIfNeeded().then((alive) => {
        if (alive) return;
        setSession({ status: 'signed-out' });
        if (required) navigate(paths.charity.signIn.getHref(), { replace: true });
      });
    }, REFRESH_TICK_MS);
    return () => window.clearInterval(timer);
  }, [signedIn, navigate, required]);

  // The API refused the token for good (account deleted, password changed or reset elsewhere): sign out here.
  useEffect(() => {
    if (!signedIn) return;
    const ended = () => {
      signOutCharity().finally(() => {
        setSession({ status: 'signed-out' });
        if (required) navigate(paths.charity.signIn.getHref(), { replace: true });
      });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [signedIn, navigate, required]);

  const userId = session.status === 'signed-in' ? session.user.userId : null;
  const signOut = useCallback(async () => {
    if (!(await confirmLeave())) return;
    if (userId) removeDraftsOf(userId);
    await signOutCharity();
    setSession({ status: 'signed-out' });
    navigate(paths.home.getHref());
  }, [navigate, userId]);

  return { session, signOut };
}

/** Configures Amplify for pages that sign in without needing a session first. */
export function useCharityAuthConfig(): void {
  const config = useRuntimeConfig();
  configureCharityAuth(config);
}
