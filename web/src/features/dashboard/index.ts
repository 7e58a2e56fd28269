/** What other features may use of the dashboard: its tab names and the in-page event that switches them. */
export {
  DASHBOARD_TAB_EVENT,
  DASHBOARD_TABS,
  type DashboardTab,
  isDashboardTab,
  parseDashboardTabEvent,
  requestDashboardTab,
} from './utils/dashboard-tabs';
