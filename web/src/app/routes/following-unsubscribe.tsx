import { UnsubscribePage } from '@/features/following/components/unsubscribe-page';

/** Lazy route module: `/following/unsubscribe#token=…`, a follow mail's link (issue 44). */
export function Component() {
  return <UnsubscribePage />;
}
