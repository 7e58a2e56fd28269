import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <DashboardPage />;
}
