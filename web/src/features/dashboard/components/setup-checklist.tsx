import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { AuthIcon } from '@/components/ui/auth-icon';
import { StatusPill } from '@/components/ui/status-pill';
import { requestDashboardTab } from '@/lib/dashboard-tabs';
import { checklistComplete, checklistItems } from '../utils/checklist';

/** The spec's Account Settings links: change password, update payment account, delete account. */
export function AccountSettingsLinks() {
  return (
    <nav className="settings-links" aria-label="Account Settings">
      <h3 className="checklist__title">Account Settings</h3>
      <ul>
        <li>
          <Link to={`${paths.charity.settings.getHref()}#change-password-title`}>Change Password</Link>
        </li>
        <li>
          <Link to={paths.charity.preferences.payments.getHref()}>Update Payment Account</Link>
        </li>
        <li>
          <Link to={`${paths.charity.settings.getHref()}#delete-account-title`}>Delete Account</Link>
        </li>
      </ul>
    </nav>
  );
}

/** The four setup steps with their way forward, then the Account Settings links (hidden once all are done). */
export function SetupChecklist({ verification }: { verification: CharityProfileResponse['verification'] }) {
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
              ) : (
                <button
                  type="button"
                  className="link-button checklist__action"
                  onClick={() => item.action.kind === 'tab' && requestDashboardTab(item.action.tab)}
                >
                  {item.action.label}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <AccountSettingsLinks />
    </section>
  );
}
