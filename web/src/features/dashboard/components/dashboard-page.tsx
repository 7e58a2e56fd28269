import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { VerificationMessage } from '@shared/verification';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Notice } from '@/components/ui/notice';
import { AnalyticsTab } from '@/features/analytics';
import { ExploreTab } from '@/features/explore';
import { MainPageTab } from '@/features/pages';
import { CreatePostsTab, ViewPostsTab } from '@/features/posts';
import { autoStartTour, startTour } from '@/features/tour';
import {
  DASHBOARD_TAB_EVENT,
  DASHBOARD_TAB_PARAM,
  type DashboardTab,
  dashboardTabFromSearch,
  parseDashboardTabEvent,
} from '@/lib/dashboard-tabs';
import { confirmLeave } from '@/lib/unsaved/leave-guard';
import { useCharityProfile } from '../hooks/use-charity-profile';
import { AnalyticsPreview } from './analytics-tab';
import { DashboardHeader } from './dashboard-header';
import { DashboardTabList, panelId, tabId } from './dashboard-tabs';
import { OverviewTab } from './overview-tab';
import { CreatePostsPreview, ViewPostsPreview } from './posts-tabs';
import '@/components/charity-area/charity-auth.css';
import './dashboard.css';
import { LoadingStatus } from '@/components/ui/loading-status';

export { DashboardError } from '../hooks/use-charity-profile';

/** Switches tabs on the in-page event (the checklist, later the guided tour). */
function useTabEvent(onTab: (tab: DashboardTab) => void) {
  useEffect(() => {
    const listener = (event: Event) => {
      const tab = parseDashboardTabEvent(event);
      if (tab) onTab(tab);
    };
    window.addEventListener(DASHBOARD_TAB_EVENT, listener);
    return () => window.removeEventListener(DASHBOARD_TAB_EVENT, listener);
  }, [onTab]);
}

/**
 * The tab a link from another page asked for (`?tab=`, `dashboardTabHref`), read once, else Overview. The
 * parameter is then dropped from the address (replacing the entry, scroll kept): tab switches are not kept
 * there, so a later reload should not reopen an old tab.
 */
function useTabFromAddress(): DashboardTab {
  const [search, setSearch] = useSearchParams();
  const [first] = useState(() => dashboardTabFromSearch(search) ?? 'overview');
  const asked = search.has(DASHBOARD_TAB_PARAM);
  useEffect(() => {
    if (!asked) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DASHBOARD_TAB_PARAM);
        return next;
      },
      { replace: true, state: { keepScroll: true } },
    );
  }, [asked, setSearch]);
  return first;
}

function VerificationBadge({ verification }: { verification: CharityProfileResponse['verification'] }) {
  return verification.verified ? (
    <span className="status-pill status-pill--verified">
      <AuthIcon name="check" size={16} /> Verified
    </span>
  ) : (
    <span className="status-pill status-pill--pending">Pending Verification</span>
  );
}

/** Locked or register-without-email verification: the way forward is support (as on the verification page). */
function VerificationHelp({ verification }: { verification: CharityProfileResponse['verification'] }) {
  if (verification.verified || !(verification.locked || verification.needs_manual_verification)) return null;
  return (
    <Notice tone={verification.locked ? 'error' : 'info'}>
      <p>{verification.locked ? VerificationMessage.Locked : VerificationMessage.NoRegisterEmail}</p>
      <p>
        <Link to={paths.charity.support.getHref()}>Contact Support</Link>
      </p>
    </Notice>
  );
}

/**
 * `/charity/dashboard` (charity-area spec, "Dashboard shell"): the charity header, a welcome with the
 * charity's name, and six tabs. No user: the session hook sends the visitor to /charity/signin.
 */
export function DashboardPage() {
  const { status, profile, failure, retry, onLiveChanged, signOut } = useCharityProfile();
  const openedOn = useTabFromAddress();
  const [tab, setTab] = useState<DashboardTab>(openedOn);

  useDocumentMeta({ title: 'Dashboard', description: `Your ${brand.productName} charity dashboard.` });

  // The guided tour starts by itself for a charity still setting up (unless this device has seen it).
  const verification = profile?.verification ?? null;
  useEffect(() => {
    if (verification) autoStartTour(verification);
  }, [verification]);

  // Another tab unmounts this one's form: unsaved edits are confirmed first.
  const shown = useRef(tab);
  shown.current = tab;
  const selectTab = useCallback((next: DashboardTab) => {
    if (next === shown.current) return;
    void confirmLeave().then((leave) => leave && setTab(next));
  }, []);
  useTabEvent(selectTab);

  const name = profile ? (profile.charity.display_name ?? profile.charity.charity_name) : null;

  let panel: ReactNode = null;
  if (profile) {
    panel =
      tab === 'overview' ? (
        <OverviewTab profile={profile} onLiveChanged={onLiveChanged} onStartTour={startTour} />
      ) : tab === 'analytics' ? (
        <AnalyticsTab closed={<AnalyticsPreview />} />
      ) : tab === 'setup-main-page' ? (
        <MainPageTab profile={profile} />
      ) : tab === 'setup-explore-view' ? (
        <ExploreTab profile={profile} />
      ) : tab === 'create-posts' ? (
        <CreatePostsTab closed={<CreatePostsPreview />} />
      ) : (
        <ViewPostsTab closed={<ViewPostsPreview />} />
      );
  }

  return (
    <div className="charity-area dashboard">
      <DashboardHeader charity={profile?.charity} onSignOut={() => void signOut()} />
      <div className="container dashboard__content">
        {status === 'loading' ? (
          <>
            <h1 className="visually-hidden">Your dashboard</h1>
            <LoadingStatus>Loading your dashboard...</LoadingStatus>
          </>
        ) : null}

        {status === 'error' ? (
          <>
            <h1 className="charity-area__title">Your dashboard</h1>
            <div className="red-box red-box--page" role="alert">
              <AuthIcon name="alert" size={20} />
              <div>
                <p>{failure}</p>
                <p>
                  <button type="button" className="link-button" onClick={() => void retry()}>
                    Try again
                  </button>{' '}
                  or <Link to={paths.home.getHref()}>go back home</Link>
                </p>
              </div>
            </div>
          </>
        ) : null}

        {profile ? (
          <>
            <header className="welcome" data-tour="welcome">
              <div>
                <p className="eyebrow">Welcome back!</p>
                <h1 className="welcome__name" tabIndex={-1}>
                  {name}
                </h1>
              </div>
              <VerificationBadge verification={profile.verification} />
            </header>
            <VerificationHelp verification={profile.verification} />
            <DashboardTabList active={tab} onSelect={selectTab} />
            <div
              className="dash-panel"
              role="tabpanel"
              id={panelId(tab)}
              aria-labelledby={tabId(tab)}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the Tab order
              tabIndex={0}
            >
              {panel}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
