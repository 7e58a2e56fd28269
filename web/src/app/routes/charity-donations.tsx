import { DonationsPage } from '@/features/donations';

/** Lazy route module (charity area): exports `Component`. */
export function Component() {
  return <DonationsPage />;
}
