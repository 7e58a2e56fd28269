import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { AuthIcon } from '@/components/ui/auth-icon';
import { StatusPill } from '@/components/ui/status-pill';
import { dashboardTabHref, requestDashboardTab } from '@/lib/dashboard-tabs';
import { checklistComplete, checklistItems } from '../utils/checklist';

/** The spec's Account Settings links: change password, update payment account, delete account. */
export function AccountSettingsLinks() {
  return (
    <nav className="settings-links" aria-label="Account Settings">
      <h3 className="checklist__title">Account Settings</h3>
      <ul>
        <li>
          <Link to={paths.charity.settings.getHref('change-password')}>Change Password</Link>
        </li>
        <li>
          <Link to={paths.charity.preferences.payments.getHref()}>Update Payment Account</Link>
        </li>
        <li>
          <Link to={paths.charity.settings.getHref('delete-account')}>Delete Account</Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The four setup steps with their way forward (hidden once all are done). On the dashboard (`onDashboard`) a
 * main-page or explore step switches the tab in place and the Account Settings links follow the steps; on
 * another page (`/charity/account-setup`) the step links to the dashboard opened on that tab, and the page
 * shows the Account Settings links itself, always, so the checklist leaves them out.
 */
export function SetupChecklist({
  verification,
  onDashboard,
}: {
  verification: CharityProfileResponse['verification'];
  onDashboard: boolean;
}) {
  if (checklistComplete(verification)) return null;
  const items = checklistItems(verification, {
    emailVerification: paths.charity.emailVerification.getHref(),
    accountPreferences: paths.charity.accountPreferences.getHref(),
  });
  const done = items.filter((item) => item.done).length;
  return (
    <section className="card" aria-labelledby="checklist-title" data-tour="checklist">
      <h2 id="checklist-title" className="dash-card__title">
        Setup Checklist
      </h2>
      <p className="dash-card__text">
        {done} of {items.length} complete. Finish all four to set your page live.
      </p>
      <ul className="checklist">
        {items.map((item) => (
          <li key={item.id} className={`checklist__item${item.done ? ' checklist__item--done' : ''}`}>
            <span className="checklist__mark" aria-hidden="true">
              {item.done ? <AuthIcon name="check" size={16} /> : null}
            </span>
            <div className="checklist__body">
              <h3 className="checklist__title">{item.title}</h3>
              <p className="checklist__text">{item.description}</p>
            </div>
            <div className="checklist__side">
              <StatusPill done={item.done}>{item.status}</StatusPill>
              {item.done ? null : item.action.kind === 'link' ? (
                <Link to={item.action.href} className="checklist__action">
                  {item.action.label}
                </Link>
              ) : onDashboard ? (
                <button
                  type="button"
                  className="link-button checklist__action"
                  onClick={() => item.action.kind === 'tab' && requestDashboardTab(item.action.tab)}
                >
                  {item.action.label}
                </button>
              ) : (
                <Link to={dashboardTabHref(item.action.tab)} className="checklist__action">
                  {item.action.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      {onDashboard ? <AccountSettingsLinks /> : null}
    </section>
  );
}
