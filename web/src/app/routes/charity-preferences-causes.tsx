import { CausesPage } from '@/features/preferences/components/causes-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <CausesPage />;
}
