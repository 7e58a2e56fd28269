import type { ExplorePage } from '@shared/api/schemas/explore';
import { paths } from '@shared/site/paths';
import { VettingMessage } from '@shared/verification';
import { Link } from 'react-router';
import { ConfirmToggleCard } from '@/components/ui/confirm-toggle-card';
import { setExploreActive } from '../api/explore-api';
import { activationGaps, joinList } from '../utils/explore-form';

/** The spec's activation failure (section 8), with the reason. */
export const statusFailed = (message: string) => `Failed to update page status: ${message}`;

/**
 * Explore Page Status (charity-area spec, section 4 "Explore activation"): Inactive to Active and back through
 * a confirmation dialog. Judged from the saved page: activation waits for both descriptions and the media;
 * an active page can always be deactivated (as a live page can always be taken offline).
 */
export function ExploreStatusCard({
  page,
  vetted,
  onChanged,
  onFailed,
}: {
  page: ExplorePage;
  /** Verified against the register's email and not locked: only then can donors see the page. */
  vetted: boolean;
  onChanged: (page: ExplorePage) => Promise<void> | void;
  /** After a refusal or failure: the tab reloads the page quietly (the server may know better). */
  onFailed?: () => Promise<void> | void;
}) {
  const active = page.is_active;
  const gaps = activationGaps(page);
  const blocked = !active && (gaps.length > 0 || !vetted);

  return (
    <ConfirmToggleCard
      titleId="explore-status-title"
      title="Explore Page Status"
      className="explore-status"
      on={active}
      stateLabel={active ? 'Active' : 'Inactive'}
      text={
        active
          ? 'Your explore page is active: donors can see your grid image, feed and descriptions while they browse.'
          : 'Your explore page is inactive: donors cannot see it yet. Saving changes never changes this.'
      }
      blocker={
        blocked
          ? {
              id: 'explore-activation-needs',
              content: vetted ? (
                <p>Before you can activate your explore page, save {joinList(gaps)}.</p>
              ) : (
                <p>
                  {VettingMessage.Explore}{' '}
                  <Link to={paths.charity.emailVerification.getHref()}>Verify your charity email</Link>
                </p>
              ),
            }
          : null
      }
      buttonLabel={active ? 'Deactivate Page' : 'Activate Page'}
      busyButtonLabel="Updating..."
      confirm={{
        title: active ? 'Deactivate your explore page?' : 'Activate your explore page?',
        text: active
          ? 'Donors will no longer see your explore content while they browse. Your content stays saved, and you can activate it again at any time.'
          : 'Donors will see your grid image, your feed and your descriptions while they browse.',
        confirmLabel: active ? 'Deactivate Page' : 'Activate Page',
        busyLabel: 'Updating...',
      }}
      toggle={async (close) => {
        const result = await setExploreActive(!active);
        close();
        await onChanged(result.explore);
      }}
      failure={(caught) => statusFailed(caught instanceof Error ? caught.message : String(caught))}
      onFailed={onFailed}
    />
  );
}
