import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PrefIcon, type PrefIconName } from '@/components/charity-area/pref-icon';
import { PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { StatusPill } from '@/components/ui/status-pill';
import { TourToggle } from '@/features/tour';
import { usePreferences } from '../hooks/use-preferences';
import { ProfileAvatar } from './profile-avatar';

interface CardProps {
  id: string;
  icon: PrefIconName;
  title: string;
  text: string;
  /** Where the card leads; none for a card that is coming soon. */
  href?: string;
  status?: ReactNode;
  media?: ReactNode;
}

/** One preference card: the whole card is the link's target (its heading holds the link). */
function PreferenceCard({ id, icon, title, text, href, status, media }: CardProps) {
  const soon = !href;
  return (
    <li className={`card pref-card${soon ? ' pref-card--soon' : ''}`}>
      <div className="pref-card__top">
        <span className="pref-card__icon">{media ?? <PrefIcon name={icon} />}</span>
        {soon ? <span className="status-pill status-pill--soon">Coming soon</span> : status}
      </div>
      <h2 className="pref-card__title" id={id}>
        {href ? (
          <Link to={href} className="pref-card__link">
            {title}
          </Link>
        ) : (
          title
        )}
      </h2>
      <p className="pref-card__text">{text}</p>
      {href ? (
        <span className="pref-card__go" aria-hidden="true">
          Open <PrefIcon name="arrow" size={18} />
        </span>
      ) : null}
    </li>
  );
}

function Cards({ prefs }: { prefs: AccountPreferencesResponse }) {
  const { charity, email_preferences: email, payments } = prefs;
  const shownName = charity.display_name ?? charity.charity_name;
  const connected = payments.stripe_account_id !== null;
  return (
    <ul className="pref-cards" data-tour="account-preferences" aria-label="Preferences">
      <PreferenceCard
        id="card-profile-image"
        icon="image"
        title="Profile Image"
        text={
          charity.profile_image_name
            ? 'Your logo or photo appears beside your name for donors. Change it any time.'
            : 'Add your logo or a photo so donors recognise you at a glance.'
        }
        href={paths.charity.preferences.profileImage.getHref()}
        media={
          <ProfileAvatar
            charityId={charity.id}
            imageName={charity.profile_image_name}
            name={shownName}
            size="sm"
          />
        }
        status={
          <StatusPill done={Boolean(charity.profile_image_name)}>
            {charity.profile_image_name ? 'Added' : 'Not added'}
          </StatusPill>
        }
      />
      <PreferenceCard
        id="card-payments"
        icon="card"
        title="Setup Payments"
        text={
          connected
            ? 'Your payment account is connected, so donations can reach you directly.'
            : 'Connect your own payment account so donations go straight to your charity. Needed to go live.'
        }
        href={paths.charity.preferences.payments.getHref()}
        status={<StatusPill done={connected}>{connected ? 'Connected' : 'Not connected'}</StatusPill>}
      />
      <PreferenceCard
        id="card-display-name"
        icon="name"
        title="Choose Display Name"
        text={`Donors see your charity as “${shownName}”.`}
        href={paths.charity.preferences.displayName.getHref()}
      />
      <PreferenceCard
        id="card-causes"
        icon="tag"
        title="Causes"
        text="Choose the causes donors find you by when they look for a charity to support."
        href={paths.charity.preferences.causes.getHref()}
      />
      <PreferenceCard
        id="card-email"
        icon="mail"
        title="Email Preferences"
        text={
          email.preferred_email
            ? `We write to ${email.preferred_email}. Choose which updates you receive.`
            : 'Choose where we write to you and which updates you receive.'
        }
        href={paths.charity.preferences.email.getHref()}
      />
      <PreferenceCard
        id="card-location"
        icon="pin"
        title="Location Settings"
        text="Show donors where you work: your locations and the areas you serve."
      />
    </ul>
  );
}

/** `/charity/account-preferences` (spec, "Account Preferences"): the cards of every preference page. */
export function AccountPreferencesPage() {
  const { load, prefs, signOut } = usePreferences();
  return (
    <PreferencesLayout
      title="Account Preferences"
      description={`Account preferences of your ${brand.productName} charity account.`}
      heading="Account Preferences"
      lead={<p>Choose how your charity appears to donors, how you are paid and how we keep in touch.</p>}
      back={false}
      actions={<TourToggle />}
      onSignOut={() => void signOut()}
      load={load}
    >
      {prefs ? <Cards prefs={prefs} /> : null}
    </PreferencesLayout>
  );
}
