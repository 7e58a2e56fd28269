import { SettingsPage } from '@/features/settings/components/settings-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <SettingsPage />;
}
