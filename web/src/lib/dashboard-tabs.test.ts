import {
  DASHBOARD_TAB_EVENT,
  dashboardTabFromSearch,
  dashboardTabHref,
  parseDashboardTabEvent,
  requestDashboardTab,
  tabForKey,
} from './dashboard-tabs';

const event = (detail: unknown) => new CustomEvent(DASHBOARD_TAB_EVENT, { detail });

describe('dashboard tab event', () => {
  it('reads a tab name, trimmed and in any case, or { tab }', () => {
    expect(parseDashboardTabEvent(event('setup-main-page'))).toBe('setup-main-page');
    expect(parseDashboardTabEvent(event(' Setup-Explore-View '))).toBe('setup-explore-view');
    expect(parseDashboardTabEvent(event({ tab: 'analytics' }))).toBe('analytics');
  });

  it('ignores unknown names and other details', () => {
    for (const detail of ['setup', 'setup-page', '', null, undefined, 3, { tab: 7 }, {}]) {
      expect(parseDashboardTabEvent(event(detail))).toBeNull();
    }
    expect(parseDashboardTabEvent(new Event(DASHBOARD_TAB_EVENT))).toBeNull();
  });

  it('requestDashboardTab dispatches the event the dashboard listens for', () => {
    const target = new EventTarget();
    const seen: (string | null)[] = [];
    target.addEventListener(DASHBOARD_TAB_EVENT, (e) => seen.push(parseDashboardTabEvent(e)));
    requestDashboardTab('view-posts', target);
    expect(seen).toEqual(['view-posts']);
  });
});

describe('tablist keys', () => {
  it('moves with arrows, wrapping, and jumps with Home and End', () => {
    expect(tabForKey('overview', 'ArrowRight')).toBe('analytics');
    expect(tabForKey('view-posts', 'ArrowRight')).toBe('overview');
    expect(tabForKey('overview', 'ArrowLeft')).toBe('view-posts');
    expect(tabForKey('analytics', 'Home')).toBe('overview');
    expect(tabForKey('analytics', 'End')).toBe('view-posts');
    expect(tabForKey('analytics', 'Enter')).toBeNull();
  });
});

describe('dashboard tab in the address', () => {
  it('links to the dashboard with the tab as a query parameter, which reads back as that tab', () => {
    expect(dashboardTabHref('setup-main-page')).toBe('/charity/dashboard?tab=setup-main-page');
    const href = new URL(dashboardTabHref('setup-explore-view'), 'http://localhost');
    expect(href.pathname).toBe('/charity/dashboard');
    expect(dashboardTabFromSearch(href.searchParams)).toBe('setup-explore-view');
    expect(dashboardTabFromSearch(new URLSearchParams('tab=%20Analytics%20'))).toBe('analytics');
  });

  it('reads no tab from a missing or unknown parameter', () => {
    for (const query of ['', 'tab=', 'tab=setup', 'tab=setup-page', 'other=analytics']) {
      expect(dashboardTabFromSearch(new URLSearchParams(query))).toBeNull();
    }
  });
});
