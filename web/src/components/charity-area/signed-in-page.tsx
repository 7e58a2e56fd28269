import { paths } from '@shared/site/paths';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { AuthIcon } from '@/components/ui/auth-icon';
import './charity-auth.css';

interface SignedInPageProps {
  title: string;
  description: string;
  eyebrow: string;
  heading: ReactNode;
  lead?: ReactNode;
  onSignOut: () => void;
  /** A page of tables (donations): the content runs wider than the reading pages' column. */
  wide?: boolean;
  children: ReactNode;
}

/** Donations, Settings and Sign Out: the end of every charity-area bar (the dashboard's too). */
export function SettingsAndSignOut({ onSignOut }: { onSignOut: () => void }) {
  return (
    <>
      <NavLink to={paths.charity.donations.getHref()} className="charity-area__link">
        <AuthIcon name="pound" size={18} />
        Donations
      </NavLink>
      <NavLink to={paths.charity.settings.getHref()} className="charity-area__link">
        <AuthIcon name="settings" size={18} />
        Settings
      </NavLink>
      <button type="button" className="charity-area__link charity-area__signout" onClick={onSignOut}>
        <AuthIcon name="out" size={18} />
        Sign Out
      </button>
    </>
  );
}

/**
 * The charity area's own bar on signed-in pages other than the dashboard: Dashboard, Donations, Settings,
 * Sign Out.
 */
export function CharityAreaBar({ onSignOut, className }: { onSignOut: () => void; className?: string }) {
  return (
    <nav className="charity-area__bar" aria-label="Charity account">
      <div
        className={
          className ? `container charity-area__bar-inner ${className}` : 'container charity-area__bar-inner'
        }
      >
        <NavLink to={paths.charity.dashboard.getHref()} className="charity-area__link" end>
          Dashboard
        </NavLink>
        <SettingsAndSignOut onSignOut={onSignOut} />
      </div>
    </nav>
  );
}

/** The frame of the signed-in charity pages: the charity area's own bar (Dashboard, Donations, Settings...). */
export function SignedInPage({
  title,
  description,
  eyebrow,
  heading,
  lead,
  onSignOut,
  wide = false,
  children,
}: SignedInPageProps) {
  useDocumentMeta({ title, description });
  return (
    <div className="charity-area">
      <CharityAreaBar onSignOut={onSignOut} className={wide ? 'charity-area__bar-inner--wide' : undefined} />
      <div className={`container charity-area__content${wide ? ' charity-area__content--wide' : ''}`}>
        <header className="charity-area__header">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="charity-area__title" tabIndex={-1}>
            {heading}
          </h1>
          {lead ? <div className="auth-card__lead">{lead}</div> : null}
        </header>
        {children}
      </div>
    </div>
  );
}

/**
 * A white card for one topic of a signed-in page. `id` is the card's own (a link's #anchor; `-title` names its
 * heading); it takes focus when a link opens the page at it (`useHashTargetWhenReady`).
 */
export function AreaCard({
  id,
  title,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`card area-card area-card--${tone}`}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <h2 id={`${id}-title`} className="area-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
