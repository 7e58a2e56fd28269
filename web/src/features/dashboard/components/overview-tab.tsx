import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { AuthIcon } from '@/components/ui/auth-icon';
import { buttonClassName } from '@/components/ui/button';
import { formatMemberSince, orNotAvailable } from '@/lib/format';
import { LiveStatusCard } from './live-status-card';
import { SetupChecklist } from './setup-checklist';
import { StatCards } from './stat-cards';

export function OverviewTab({
  profile,
  onLiveChanged,
  onStartTour,
}: {
  profile: CharityProfileResponse;
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
        <StatCards />
      </div>

      <div className="dash-columns">
        <div data-tour="live-status">
          <LiveStatusCard
            live={verification.page_is_live}
            liveable={verification.page_is_liveable}
            registrationNumber={charity.registration_number}
            setupViewHref={paths.charity.accountSetup.getHref()}
            onChanged={onLiveChanged}
          />
        </div>
        <section className="card" aria-labelledby="info-title" data-tour="charity-info">
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

      <SetupChecklist verification={verification} onDashboard />
    </div>
  );
}
