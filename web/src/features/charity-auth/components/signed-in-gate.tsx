import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { AuthPage } from '@/components/charity-area/auth-page';
import { Button, ButtonLink } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { removeDraftsOf } from '@/lib/drafts/draft-store';
import { useCharityAuthConfig, useCharitySession } from '../hooks/use-charity-session';
import { hasStoredSession, signOutCharity } from '../lib/charity-auth';
import './signed-in-gate.css';

export const SignedInText = {
  heading: 'You are already signed in',
  continue: 'Continue to dashboard',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
} as const;

/** No event tells of a session stored by another tab; the value is read on each render. */
const noSubscription = () => () => {};

/**
 * Sign in and register while a charity is signed in on this device (issue 19, item 5): instead of the form,
 * "Continue to dashboard" or "Sign out" (which then shows the form). Without a session, the form at once
 * (no session stored means no Amplify download and no wait).
 */
export function SignedInGate({ title, children }: { title: string; children: ReactNode }) {
  useCharityAuthConfig();
  // The prerendered page (and so its hydration) is the form: a stored session shows after hydrating.
  const stored = useSyncExternalStore(noSubscription, hasStoredSession, () => false);
  const { session } = useCharitySession({ required: false });
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!stored && session.status !== 'signed-in') return children;
  if (session.status === 'loading') {
    return (
      <AuthPage
        title={title}
        description={`${title} on ${brand.productName}.`}
        eyebrow="For charities"
        heading={title}
      >
        <LoadingStatus>Checking your session...</LoadingStatus>
      </AuthPage>
    );
  }
  if (session.status === 'signed-out' || signedOut) return children;

  const signOut = async () => {
    setBusy(true);
    removeDraftsOf(session.user.userId);
    await signOutCharity();
    setSignedOut(true);
  };

  return (
    <AuthPage
      title={title}
      description={`${title} on ${brand.productName}.`}
      eyebrow="For charities"
      heading={SignedInText.heading}
      lead={
        <p>
          You are signed in as <strong>{session.user.email}</strong>. Continue to your dashboard, or sign out
          to use another account.
        </p>
      }
    >
      <div className="signed-in-gate">
        <ButtonLink to={paths.charity.dashboard.getHref()} size="lg">
          {SignedInText.continue}
        </ButtonLink>
        <Button variant="secondary" size="lg" onClick={() => void signOut()} disabled={busy} aria-busy={busy}>
          {busy ? SignedInText.signingOut : SignedInText.signOut}
        </Button>
      </div>
    </AuthPage>
  );
}
