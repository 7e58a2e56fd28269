import { RegisterPage } from '@/features/charity-auth/components/register-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <RegisterPage />;
}
