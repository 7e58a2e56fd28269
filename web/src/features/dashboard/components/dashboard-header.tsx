import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { SettingsAndSignOut } from '@/components/charity-area/signed-in-page';
import { HighContrastToggle } from '@/components/layout/high-contrast-toggle';
import { AuthIcon } from '@/components/ui/auth-icon';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { initialsOf } from '@/lib/format';

interface Profile {
  id: string;
  name: string;
  profileImageName: string | null;
}

/** The profile image (media bucket: {charityId}/{file name}) or the charity's initials when there is none. */
function Avatar({ profile }: { profile: Profile | null }) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const [failed, setFailed] = useState(false);
  if (profile?.profileImageName && !failed) {
    const src = `${mediaBaseUrl.replace(/\/$/, '')}/${encodeURIComponent(profile.id)}/${encodeURIComponent(profile.profileImageName)}`;
    return (
      <img className="dash-avatar" src={src} alt="" width={32} height={32} onError={() => setFailed(true)} />
    );
  }
  return (
    <span className="dash-avatar dash-avatar--initials" aria-hidden="true">
      {profile ? initialsOf(profile.name) : ''}
    </span>
  );
}

/** The header's view of the signed-in charity: its display name (else its registered name) and image. */
function headerProfile(charity: CharityProfileResponse['charity'] | null | undefined): Profile | null {
  if (!charity) return null;
  return {
    id: charity.id,
    name: charity.display_name ?? charity.charity_name,
    profileImageName: charity.profile_image_name,
  };
}

/** The charity header of the dashboard: home, high contrast, Account Preferences, Settings, Sign Out. */
export function DashboardHeader({
  charity,
  onSignOut,
}: {
  charity: CharityProfileResponse['charity'] | null | undefined;
  onSignOut: () => void;
}) {
  const profile = headerProfile(charity);
  return (
    <nav className="charity-area__bar dash-bar" aria-label="Charity account">
      <div className="container dash-bar__inner">
        <Link to={paths.home.getHref()} className="charity-area__link dash-bar__home">
          <AuthIcon name="back" size={18} />
          {brand.productName} home
        </Link>
        <div className="dash-bar__actions">
          <HighContrastToggle className="dash-bar__hc" />
          <NavLink to={paths.charity.accountPreferences.getHref()} className="charity-area__link">
            <Avatar profile={profile} />
            <span>
              <span className="dash-bar__wide">Account </span>Preferences
            </span>
          </NavLink>
          <SettingsAndSignOut onSignOut={onSignOut} />
        </div>
      </div>
    </nav>
  );
}
