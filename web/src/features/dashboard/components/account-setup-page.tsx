import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { AuthIcon } from '@/components/ui/auth-icon';
import { useCharityProfile } from '../hooks/use-charity-profile';
import { DashboardHeader } from './dashboard-header';
import { LiveStatusCard } from './live-status-card';
import { AccountSettingsLinks, SetupChecklist } from './setup-checklist';
import '@/components/charity-area/charity-auth.css';
import './dashboard.css';
import { LoadingStatus } from '@/components/ui/loading-status';

/** 'Requirements to Go Live': what the server checks before a page may go live, each with its state. */
function Requirements({ verification }: { verification: CharityProfileResponse['verification'] }) {
  const rows = [
    { label: 'Charity email verified', done: verification.verified },
    {
      label: 'Account setup finished (description and payment details)',
      done: verification.finished_setting_up_account,
    },
    { label: 'A main page built', done: verification.valid_main_page },
    { label: 'An explore view set up', done: verification.valid_explore_page },
  ];
  return (
    <section className="card" aria-labelledby="requirements-title">
      <h2 id="requirements-title" className="dash-card__title">
        Requirements to Go Live
      </h2>
      <ul className="requirements">
        {rows.map((row) => (
          <li key={row.label} className={row.done ? 'requirements__item--done' : undefined}>
            <span className="checklist__mark" aria-hidden="true">
              {row.done ? <AuthIcon name="check" size={16} /> : null}
            </span>
            {row.label}
            <span className="visually-hidden">{row.done ? ': done' : ': not done yet'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/charity/account-setup`, the spec's older 'Setup Your Charity Page' view: page status badge, make live or
 * take offline, 'View Live Page', the checklist, 'Requirements to Go Live' and the Account Settings links.
 */
export function AccountSetupPage() {
  const { status, profile, failure, retry, onLiveChanged, signOut } = useCharityProfile();
  useDocumentMeta({
    title: 'Setup Your Charity Page',
    description: `Set your ${brand.productName} page live and see what is still needed.`,
  });

  return (
    <div className="charity-area dashboard">
      <DashboardHeader charity={profile?.charity} onSignOut={() => void signOut()} />
      <div className="container dashboard__content dash-stack">
        <p>
          <Link to={paths.charity.dashboard.getHref()}>← Back to Dashboard</Link>
        </p>
        <h1 className="charity-area__title">Setup Your Charity Page</h1>
        {status === 'loading' ? <LoadingStatus>Loading your page status...</LoadingStatus> : null}
        {status === 'error' ? (
          <div className="red-box red-box--page" role="alert">
            <AuthIcon name="alert" size={20} />
            <p>
              {failure}.{' '}
              <button type="button" className="link-button" onClick={() => void retry()}>
                Try again
              </button>
            </p>
          </div>
        ) : null}
        {profile ? (
          <>
            <LiveStatusCard
              live={profile.verification.page_is_live}
              liveable={profile.verification.page_is_liveable}
              registrationNumber={profile.charity.registration_number}
              onChanged={onLiveChanged}
            />
            <SetupChecklist verification={profile.verification} onDashboard={false} />
            <Requirements verification={profile.verification} />
            <section className="card">
              <AccountSettingsLinks />
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
