import { Link } from 'react-router';
import type { CharityProfileResponse } from '../../../../../shared/src/api/schemas/charity-account';
import { brand } from '../../../../../shared/src/brand';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import { SAMPLE_STATS } from '../data/samples';
import { checklistComplete, checklistItems } from '../utils/checklist';
import { requestDashboardTab } from '../utils/dashboard-tabs';
import { formatMemberSince, orNotAvailable } from '../utils/format';
import { ComingSoon, SampleTag } from './coming-soon';
import { LiveStatusCard } from './live-status-card';

function SetupChecklist({ verification }: { verification: CharityProfileResponse['verification'] }) {
  if (checklistComplete(verification)) return null;
  const items = checklistItems(verification, {
    emailVerification: paths.charity.emailVerification.getHref(),
    accountPreferences: paths.charity.accountPreferences.getHref(),
  });
  const done = items.filter((item) => item.done).length;
  return (
    <section className="dash-card" aria-labelledby="checklist-title" data-tour="checklist">
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
              <span className={`status-pill ${item.done ? 'status-pill--done' : 'status-pill--todo'}`}>
                {item.status}
              </span>
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
    </section>
  );
}

export function OverviewTab({
  profile,
  getToken,
  onLiveChanged,
  onStartTour,
}: {
  profile: CharityProfileResponse;
  getToken: () => Promise<string | null>;
  onLiveChanged: (live: boolean | null) => Promise<void>;
  /** The guided tour's start (spec: the 'Take Dashboard Tour' button exists only when a tour handler does). */
  onStartTour?: () => void;
}) {
  const { charity, verification } = profile;
  return (
    <div className="dash-stack">
      <section className="thanks-panel" aria-labelledby="thanks-title">
        <span className="thanks-panel__icon" aria-hidden="true">
          <AuthIcon name="heart" size={24} />
        </span>
        <div>
          <h2 id="thanks-title" className="thanks-panel__title">
            Thank You for Joining {brand.productName}!
          </h2>
          <p>
            We are glad your charity is here. Questions, ideas or a problem? Write to us at{' '}
            <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
          </p>
          {onStartTour ? (
            <p style={{ marginTop: 'var(--space-3)' }}>
              <button
                type="button"
                className={buttonClassName({ variant: 'secondary' })}
                onClick={onStartTour}
              >
                Take Dashboard Tour
              </button>
            </p>
          ) : null}
        </div>
      </section>

      <div data-tour="overview">
        <ComingSoon id="overview-stats" title="Analytics Coming Soon" size="sm">
          <ul className="stat-grid">
            {SAMPLE_STATS.map((stat) => (
              <li key={stat.label} className="stat-card">
                <span className="stat-card__label">
                  {stat.label} <SampleTag />
                </span>
                <span className="stat-card__value">{stat.value}</span>
                <span className="stat-card__note">{stat.note}</span>
              </li>
            ))}
          </ul>
        </ComingSoon>
      </div>

      <div className="dash-columns">
        <div data-tour="live-status">
          <LiveStatusCard
            live={verification.page_is_live}
            liveable={verification.page_is_liveable}
            getToken={getToken}
            onChanged={onLiveChanged}
          />
        </div>
        <section className="dash-card" aria-labelledby="info-title" data-tour="charity-info">
          <h2 id="info-title" className="dash-card__title">
            Charity Information
          </h2>
          <dl className="charity-facts">
            <div>
              <dt>Registration Number</dt>
              <dd>{orNotAvailable(charity.registration_number)}</dd>
            </div>
            <div>
              <dt>Member Since</dt>
              <dd>{formatMemberSince(charity.created_at)}</dd>
            </div>
            <div>
              <dt>Contact Email</dt>
              <dd>{orNotAvailable(charity.email)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <SetupChecklist verification={verification} />
    </div>
  );
}
