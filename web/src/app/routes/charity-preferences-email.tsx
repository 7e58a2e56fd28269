import { EmailPreferencesPage } from '@/features/preferences/components/email-preferences-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <EmailPreferencesPage />;
}
