import type { ReactNode } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { LoadingStatus } from '@/components/ui/loading-status';
import { messageOf } from '@/lib/api-errors';
import { usePostsQuery } from '../api/posts-api';

/**
 * Posts open only when the stage's launch switch is (list-posts says so): until then `closed` (the dashboard's
 * 'Coming Soon' preview) is shown exactly as before.
 */
export function PostsGate({ closed, children }: { closed: ReactNode; children: ReactNode }) {
  const list = usePostsQuery('all', 1);
  if (list.status === 'loading') return <LoadingStatus>Loading your posts...</LoadingStatus>;
  if (list.status === 'error')
    return (
      <div className="red-box" role="alert">
        <AuthIcon name="alert" size={20} />
        <div>
          <p>Failed to load your posts: {messageOf(list.error)}</p>
          <p>
            <button type="button" className="link-button" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        </div>
      </div>
    );
  return list.data?.updates_open ? children : closed;
}
