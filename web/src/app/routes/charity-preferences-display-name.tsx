import { DisplayNamePage } from '@/features/preferences/components/display-name-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <DisplayNamePage />;
}
