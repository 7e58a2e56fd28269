import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CharityProfileResponse } from '../../../../../shared/src/api/schemas/charity-account';
import { brand } from '../../../../../shared/src/brand';
import { VerificationMessage } from '../../../../../shared/src/verification';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import { Notice } from '../../charity-auth/components/auth-page';
import { AreaCard, SignedInPage } from '../../charity-auth/components/signed-in-page';
import { useCharitySession } from '../../charity-auth/hooks/use-charity-session';
import './dashboard.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; profile: CharityProfileResponse };

function memberSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'Not available'
    : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function VerificationCard({ verification }: { verification: CharityProfileResponse['verification'] }) {
  if (verification.verified) {
    return (
      <AreaCard id="verification-title" title="Verification">
        <p>
          <span className="status-pill status-pill--verified">
            <AuthIcon name="check" size={16} /> Verified
          </span>
        </p>
        <p>Your charity email is confirmed. Thank you for helping donors trust every charity here.</p>
      </AreaCard>
    );
  }
  return (
    <AreaCard id="verification-title" title="Verification">
      <p>
        <span className="status-pill status-pill--pending">Pending Verification</span>
      </p>
      {verification.locked ? (
        <Notice tone="error">
          <p>{VerificationMessage.Locked}</p>
          <p>
            <Link to={paths.charity.support.getHref()}>Contact Support</Link>
          </p>
        </Notice>
      ) : verification.needs_manual_verification ? (
        <Notice tone="info">
          <p>{VerificationMessage.NoRegisterEmail}</p>
          <p>
            <Link to={paths.charity.support.getHref()}>Contact Support</Link>
          </p>
        </Notice>
      ) : (
        <>
          <p>
            We emailed a 6-digit code to the address the Charity Commission register holds for your charity.
            Enter it to verify your charity before the code expires.
          </p>
          <div className="area-card__actions">
            <ButtonLink to={paths.charity.emailVerification.getHref()}>
              <AuthIcon name="mail" size={18} />
              Verify your charity email
            </ButtonLink>
          </div>
        </>
      )}
    </AreaCard>
  );
}

/**
 * `/charity/dashboard`, for now a small signed-in shell (issue 7 builds the full dashboard): welcome with the
 * charity's name, its verification status, its details, and the way to Settings and Sign Out.
 */
export function DashboardShell() {
  const { session, getToken, signOut } = useCharitySession();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const signedIn = session.status === 'signed-in';

  const loadProfile = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const token = await getToken();
    if (!token) return;
    try {
      const profile = await callApi('get-charity-profile', {}, { token });
      setLoad({ kind: 'ready', profile });
    } catch (error) {
      const notFound = error instanceof Error && 'status' in error && error.status === 404;
      setLoad({ kind: 'error', message: notFound ? 'Charity data not found' : 'Failed to load data' });
    }
  }, [getToken]);

  useEffect(() => {
    if (signedIn) void loadProfile();
  }, [signedIn, loadProfile]);

  const name =
    load.kind === 'ready'
      ? load.profile.charity.display_name || load.profile.charity.charity_name
      : undefined;

  return (
    <SignedInPage
      title="Dashboard"
      description={`Your ${brand.productName} charity dashboard.`}
      eyebrow="Welcome back!"
      heading={name ?? 'Your dashboard'}
      lead={
        load.kind === 'ready' ? (
          <p>Thank you for joining {brand.productName}. Here is where your charity stands.</p>
        ) : null
      }
      onSignOut={() => void signOut()}
    >
      {load.kind === 'loading' ? (
        <p className="page-loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading your dashboard...
        </p>
      ) : null}
      {load.kind === 'error' ? (
        <Notice tone="error" role="alert">
          <p>{load.message}</p>
          <p>
            <button type="button" className="link-button" onClick={() => void loadProfile()}>
              Try again
            </button>{' '}
            or <Link to={paths.home.getHref()}>go back home</Link>
          </p>
        </Notice>
      ) : null}
      {load.kind === 'ready' ? (
        <div className="dashboard-grid">
          <VerificationCard verification={load.profile.verification} />
          <AreaCard id="charity-info-title" title="Charity Information">
            <dl className="charity-facts">
              <div>
                <dt>Registered name</dt>
                <dd>{load.profile.charity.charity_name}</dd>
              </div>
              <div>
                <dt>Registration Number</dt>
                <dd>{load.profile.charity.registration_number || 'Not available'}</dd>
              </div>
              <div>
                <dt>Member Since</dt>
                <dd>{memberSince(load.profile.charity.created_at)}</dd>
              </div>
              <div>
                <dt>Contact Email</dt>
                <dd>{load.profile.charity.email || 'Not available'}</dd>
              </div>
            </dl>
          </AreaCard>
          <AreaCard id="next-title" title="Coming next">
            <p>
              Soon you will build your charity's page and explore view here, and set them live for donors.
              Until then, keep your account secure in Settings.
            </p>
            <div className="area-card__actions">
              <ButtonLink to={paths.charity.settings.getHref()} variant="secondary">
                <AuthIcon name="settings" size={18} />
                Settings
              </ButtonLink>
              <ButtonLink to={paths.charity.support.getHref()} variant="quiet">
                Get support
              </ButtonLink>
            </div>
          </AreaCard>
        </div>
      ) : null}
    </SignedInPage>
  );
}
