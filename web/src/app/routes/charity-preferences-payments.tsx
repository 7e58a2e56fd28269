import { PaymentsPage } from '@/features/preferences/components/payments-page';

/** Lazy route module (charity area: the only place Amplify is loaded from): exports `Component`. */
export function Component() {
  return <PaymentsPage />;
}
