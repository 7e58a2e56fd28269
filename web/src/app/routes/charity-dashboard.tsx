import { DashboardShell } from '../../features/dashboard/components/dashboard-shell';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <DashboardShell />;
}
