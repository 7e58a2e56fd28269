import { ComingSoonPreferencePage } from '@/features/preferences/components/coming-soon-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <ComingSoonPreferencePage page="branding" />;
}
