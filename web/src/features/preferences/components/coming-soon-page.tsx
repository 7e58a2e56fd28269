import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { PrefIcon, type PrefIconName } from '@/components/charity-area/pref-icon';
import { PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { ButtonLink } from '@/components/ui/button';
import { usePreferences } from '../hooks/use-preferences';

const PAGES = {
  notifications: {
    heading: 'Notification Settings',
    icon: 'bell',
    text: 'Soon you will choose exactly which alerts you receive, and how: new supporters, donations and messages.',
  },
  branding: {
    heading: 'Brand Colours',
    icon: 'palette',
    text: 'Soon you will choose the colours of your page, so it feels like your charity at a glance.',
  },
} as const satisfies Record<string, { heading: string; icon: PrefIconName; text: string }>;

/** `/charity/preferences/notifications` and `/branding`: 'Coming soon' with a link back (spec). */
export function ComingSoonPreferencePage({ page }: { page: keyof typeof PAGES }) {
  const { heading, icon, text } = PAGES[page];
  const { load, signOut } = usePreferences();
  return (
    <PreferencesLayout
      title={heading}
      description={`${heading} for your ${brand.productName} charity account: coming soon.`}
      heading={heading}
      onSignOut={() => void signOut()}
      load={load}
    >
      <section className="card area-card pref-soon" aria-labelledby="coming-soon-title">
        <span className="icon-circle icon-circle--warm pref-soon__icon">
          <PrefIcon name={icon} size={28} />
        </span>
        <h2 id="coming-soon-title" className="area-card__title">
          Coming soon
        </h2>
        <p>{text}</p>
        <div className="pref-form__actions pref-soon__actions">
          <ButtonLink to={paths.charity.accountPreferences.getHref()} variant="secondary">
            Back to Account Preferences
          </ButtonLink>
        </div>
      </section>
    </PreferencesLayout>
  );
}
