import { paths } from '@shared/site/paths';

/**
 * The dashboard's six tabs (charity-area spec, "Dashboard shell") and the in-page event that switches them:
 * any part of the page (the setup checklist today, the guided tour later) dispatches
 * `kindred:dashboard-tab` on window with the tab's name as `detail`. Another page opens the dashboard on a
 * tab with a link to `dashboardTabHref(tab)` (the event reaches only a dashboard already on the page).
 */
export const DASHBOARD_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'setup-main-page', label: 'Setup Main Page' },
  { id: 'setup-explore-view', label: 'Setup Explore View' },
  { id: 'create-posts', label: 'Create Posts' },
  { id: 'view-posts', label: 'View Posts' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

export const DASHBOARD_TAB_EVENT = 'kindred:dashboard-tab';

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && DASHBOARD_TABS.some((tab) => tab.id === value);
}

/** The tab a name asks for, matched after trimming and lower-casing; anything else is null. */
function tabNamed(raw: unknown): DashboardTab | null {
  if (typeof raw !== 'string') return null;
  const name = raw.trim().toLowerCase();
  return isDashboardTab(name) ? name : null;
}

/**
 * The tab an event asks for: `detail` may be the name itself or `{ tab: name }`; names are matched after
 * trimming and lower-casing. Anything else is ignored (null).
 */
export function parseDashboardTabEvent(event: Event): DashboardTab | null {
  const detail = (event as CustomEvent<unknown>).detail;
  return tabNamed(
    detail && typeof detail === 'object' && 'tab' in detail ? (detail as { tab: unknown }).tab : detail,
  );
}

/** Asks the dashboard (if it is on the page) to show a tab. */
export function requestDashboardTab(tab: DashboardTab, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent(DASHBOARD_TAB_EVENT, { detail: tab }));
}

/** The address parameter naming the tab the dashboard opens on (`/charity/dashboard?tab=setup-main-page`). */
export const DASHBOARD_TAB_PARAM = 'tab';

/** A link from another page to the dashboard, opened on `tab`. */
export function dashboardTabHref(tab: DashboardTab): string {
  return `${paths.charity.dashboard.getHref()}?${new URLSearchParams({ [DASHBOARD_TAB_PARAM]: tab })}`;
}

/** The tab an address's query asks the dashboard to open on (named as in the event), or null. */
export function dashboardTabFromSearch(search: URLSearchParams): DashboardTab | null {
  return tabNamed(search.get(DASHBOARD_TAB_PARAM));
}

/** The tab that arrow keys, Home and End move to in the tablist (wrapping at the ends); null for other keys. */
export function tabForKey(current: DashboardTab, key: string): DashboardTab | null {
  const index = DASHBOARD_TABS.findIndex((tab) => tab.id === current);
  const last = DASHBOARD_TABS.length - 1;
  const next =
    key === 'ArrowRight' || key === 'ArrowDown'
      ? index === last
        ? 0
        : index + 1
      : key === 'ArrowLeft' || key === 'ArrowUp'
        ? index === 0
          ? last
          : index - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return next === null ? null : (DASHBOARD_TABS[next]?.id ?? null);
}
