import { AccountPreferencesPage } from '@/features/preferences/components/account-preferences-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <AccountPreferencesPage />;
}
