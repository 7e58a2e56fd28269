import { EmailVerificationPage } from '@/features/verification/components/email-verification-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <EmailVerificationPage />;
}
