import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { NotMeMessage } from '@shared/verification';
import { useEffect, useRef, useState } from 'react';
import { AuthPage } from '@/components/charity-area/auth-page';
import { Button, ButtonLink } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api';
import { removeRegistration, useNotMeLink } from '../api/not-me-api';

/** The page's own words (the spec has none for this page). */
export const NotMeText = {
  Heading: 'Did someone register your charity without asking?',
  DoneHeading: 'Registration removed',
  CheckFailed: 'We could not check this link just now. Please try again in a moment.',
  RemoveFailed: 'We could not remove the registration just now. Please try again in a moment.',
  Confirm: 'Remove this registration',
  PayoutHeading: 'Did someone change where your donations are paid?',
  PayoutDoneHeading: 'Change cancelled',
  PayoutConfirm: 'Cancel the Change and Lock the Account',
} as const;

/** The link's token, from its fragment (`#token=`); the query string is never read. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') || null;
}

const problem = (failure: unknown, fallback: string) =>
  isApiError(failure) && failure.status >= 400 && failure.status < 500
    ? failure.message || fallback
    : fallback;

/**
 * `/charity/not-me`: the "this wasn't me" link of a verification-code mail. It names the charity, and on
 * confirmation removes the unverified registration and the limits it used up, so the charity can register now.
 */
export function NotMePage() {
  const [token] = useState(tokenFromFragment);
  const link = useNotMeLink(token);
  const [done, setDone] = useState<{ message: string; payout: boolean } | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingFocus = useRef(false);

  // The token leaves the address bar (and so history and screenshots) as soon as it is read.
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }, []);

  // The new heading is announced when the page changes state after the confirmation.
  useEffect(() => {
    if (done !== null && headingFocus.current) document.getElementById('auth-heading')?.focus();
  }, [done]);

  const remove = async () => {
    if (!token || link.status !== 'ready' || removing) return;
    setRemoving(true);
    setError(null);
    try {
      const answer = await removeRegistration(token);
      headingFocus.current = true;
      setDone({ message: answer.message, payout: link.data?.purpose === 'payout-change' });
    } catch (failure) {
      setError(problem(failure, NotMeText.RemoveFailed));
    } finally {
      setRemoving(false);
    }
  };

  const meta = {
    title: 'This Wasn’t Me',
    description: `Remove a registration of your charity on ${brand.productName} that nobody at the charity made.`,
    eyebrow: 'Charity registration',
  };
  const support = (
    <div className="auth-links">
      <p>
        Questions? Email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or call{' '}
        {brand.supportPhone}.
      </p>
    </div>
  );

  if (done !== null) {
    return (
      <AuthPage {...meta} heading={done.payout ? NotMeText.PayoutDoneHeading : NotMeText.DoneHeading}>
        <div className="live-region">
          <Notice tone="success" role="status">
            <p>{done.message}</p>
          </Notice>
        </div>
        {done.payout ? null : (
          <div className="auth-form">
            <ButtonLink to={paths.charity.register.getHref()} size="lg">
              Register Your Charity
            </ButtonLink>
          </div>
        )}
        {support}
      </AuthPage>
    );
  }

  const invalid = !token
    ? NotMeMessage.InvalidLink
    : link.status === 'error'
      ? problem(link.error, NotMeText.CheckFailed)
      : null;
  if (invalid) {
    return (
      <AuthPage {...meta} heading="This link cannot be used">
        <div className="live-region">
          <Notice tone="error">
            <p>{invalid}</p>
          </Notice>
        </div>
      </AuthPage>
    );
  }
  if (!link.data) {
    return (
      <AuthPage {...meta} heading={NotMeText.Heading}>
        <LoadingStatus>Checking your link...</LoadingStatus>
      </AuthPage>
    );
  }
  const { charity_name: name, registration_number: number } = link.data;
  const payout = link.data.purpose === 'payout-change';
  const failure = (
    <div className="live-region" role="alert">
      {error ? (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      ) : null}
    </div>
  );
  if (payout) {
    return (
      <AuthPage
        {...meta}
        eyebrow="Payout account"
        heading={NotMeText.PayoutHeading}
        lead={
          <p>
            Someone signed in to the {brand.productName} account of <strong>{name}</strong> (registered
            charity number {number}) asked to change the account its donations are paid into. The change waits
            72 hours, and donations keep going to the current account until then.
          </p>
        }
      >
        <div className="auth-card__section">
          <p>
            If nobody at your charity asked for this, cancel it here. The change is dropped and the account is
            locked and signed out everywhere, so nobody can try again, until our support team has spoken to
            you.
          </p>
          <p>If someone at your charity did ask, you do not need to do anything.</p>
        </div>
        {failure}
        <div className="auth-form">
          <Button size="lg" onClick={() => void remove()} disabled={removing} aria-busy={removing}>
            {removing ? 'Cancelling...' : NotMeText.PayoutConfirm}
          </Button>
        </div>
        {support}
      </AuthPage>
    );
  }
  return (
    <AuthPage
      {...meta}
      heading={NotMeText.Heading}
      lead={
        <p>
          Someone registered <strong>{name}</strong> (registered charity number {number}) on{' '}
          {brand.productName}, so we sent a verification code to the charity's email address on the Charity
          Commission register. That address is where this link came from.
        </p>
      }
    >
      <div className="auth-card__section">
        <p>
          If nobody at your charity made this registration, you can remove it here. The account will be
          deleted, it can never be verified, and the limits it used up are cleared, so you can register your
          charity yourself straight away.
        </p>
        <p>If someone at your charity did register, you do not need to do anything.</p>
      </div>
      {failure}
      <div className="auth-form">
        <Button size="lg" onClick={() => void remove()} disabled={removing} aria-busy={removing}>
          {removing ? 'Removing...' : NotMeText.Confirm}
        </Button>
      </div>
      {support}
    </AuthPage>
  );
}
