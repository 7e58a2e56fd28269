import { WaitlistThankYouPage } from '@/features/waitlist/components/waitlist-thank-you-page';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <WaitlistThankYouPage />;
}
