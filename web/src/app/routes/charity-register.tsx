import { RegisterPage } from '@/features/charity-auth/components/register-page';
import { SignedInGate } from '@/features/charity-auth/components/signed-in-gate';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return (
    <SignedInGate title="Register Your Charity">
      <RegisterPage />
    </SignedInGate>
  );
}
