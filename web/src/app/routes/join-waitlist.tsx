import { JoinWaitlistPage } from '@/features/waitlist/components/join-waitlist-page';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <JoinWaitlistPage />;
}
