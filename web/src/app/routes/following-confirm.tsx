import { ConfirmFollowPage } from '@/features/following/components/confirm-page';

/** Lazy route module: `/following/confirm#token=…`, a follow mail's link (issue 44). */
export function Component() {
  return <ConfirmFollowPage />;
}
