import { ProfileImagePage } from '@/features/preferences/components/profile-image-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <ProfileImagePage />;
}
