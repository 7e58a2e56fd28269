import { ResetPasswordPage } from '@/features/charity-auth/components/reset-password-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <ResetPasswordPage />;
}
