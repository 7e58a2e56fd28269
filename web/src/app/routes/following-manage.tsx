import { ManageFollowsPage } from '@/features/following/components/manage-page';

/** Lazy route module: `/following/manage#token=…`, a follow mail's link (issue 44). */
export function Component() {
  return <ManageFollowsPage />;
}
