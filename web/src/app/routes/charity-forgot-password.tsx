import { ForgotPasswordPage } from '@/features/charity-auth/components/forgot-password-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <ForgotPasswordPage />;
}
