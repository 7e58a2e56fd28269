import { AccountSetupPage } from '@/features/dashboard/components/account-setup-page';

/** Lazy route module: the older 'Setup Your Charity Page' view (`/charity/account-setup`). */
export function Component() {
  return <AccountSetupPage />;
}
