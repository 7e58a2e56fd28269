import { SignInPage } from '@/features/charity-auth/components/sign-in-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <SignInPage />;
}
