import { ErrorCode } from '@shared/api/error-codes';
import { paths } from '@shared/site/paths';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmToggleCard } from '@/components/ui/confirm-toggle-card';
import { Dialog, DialogIntro } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api';
import { setCharityLive } from '../api/dashboard-api';

/** Live-success dialog time (charity-area spec, section 9). */
export const LIVE_SUCCESS_MS = 4000;
export const LIVE_STATUS_FAILED = 'Failed to update live status';

/** The message for a failed toggle: the server's own when it refused (409 NOT_LIVEABLE), else the default. */
export function liveStatusError(error: unknown): string {
  if (isApiError(error) && error.status === 409 && error.code === ErrorCode.NotLiveable && error.message)
    return error.message;
  return LIVE_STATUS_FAILED;
}

/**
 * Page Status: Not Live to Live and back through a confirmation dialog. The server decides (page_is_liveable);
 * the button only mirrors it: 'Complete Setup Required', disabled, with an orange notice while not liveable.
 */
export function LiveStatusCard({
  live,
  liveable,
  registrationNumber,
  setupViewHref,
  onChanged,
}: {
  live: boolean;
  liveable: boolean;
  /** The charity's number: its public page is /charities/<number> ('View Live Page' while live). */
  registrationNumber: string;
  /** The older 'Setup Your Charity Page' view, linked from the dashboard's card. */
  setupViewHref?: string;
  /** After a toggle: the new state, or null when it failed (the dashboard refreshes the profile either way). */
  onChanged: (live: boolean | null) => Promise<void> | void;
}) {
  const [celebrating, setCelebrating] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const canToggle = live || liveable;

  useEffect(() => {
    if (!celebrating) return;
    const timer = window.setTimeout(() => setCelebrating(false), LIVE_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [celebrating]);

  return (
    <ConfirmToggleCard
      titleId="live-status-title"
      title="Page Status"
      headingLevel={2}
      className="live-card"
      on={live}
      stateLabel={live ? 'Live' : 'Not Live'}
      text={
        live
          ? 'Your page is live: donors can find your charity and support it.'
          : 'Your page is offline: donors cannot find it yet.'
      }
      blocker={
        canToggle
          ? null
          : {
              id: 'live-requirements',
              content: (
                <p>
                  Complete every item of the Setup Checklist (verified email, account setup, main page and
                  explore view) before your page can go live.
                </p>
              ),
            }
      }
      buttonLabel={!canToggle ? 'Complete Setup Required' : live ? 'Take Offline' : 'Set Live'}
      actions={
        <>
          {live ? (
            <Link
              className={buttonClassName({ variant: 'primary' })}
              to={paths.charityPage.getHref(registrationNumber)}
            >
              View Live Page
            </Link>
          ) : null}
          {setupViewHref ? (
            <Link className="live-card__setup-link" to={setupViewHref}>
              Setup Your Charity Page
            </Link>
          ) : null}
        </>
      }
      confirm={{
        title: live ? 'Take your page offline?' : 'Set your page live?',
        text: live
          ? 'Donors will no longer find your charity until you set it live again.'
          : 'Donors will be able to find your charity, follow it and give.',
        confirmLabel: live ? 'Take Offline' : 'Set Live',
        busyLabel: 'Saving...',
      }}
      toggle={async (close) => {
        const result = await setCharityLive(!live);
        close();
        await onChanged(result.live);
        if (result.live) setCelebrating(true);
      }}
      failure={liveStatusError}
      onFailed={() => onChanged(null)}
      buttonRef={toggleRef}
    >
      <Dialog
        open={celebrating}
        onClose={() => setCelebrating(false)}
        labelledBy="live-success-title"
        describedBy="live-success-text"
        returnFocus={() => toggleRef.current}
      >
        <DialogIntro id="live-success" icon={<AuthIcon name="check" />} title="Page is Now Live!">
          Donors can now find your charity. Thank you for being part of the community.
        </DialogIntro>
        <div className="dialog__actions">
          <Button onClick={() => setCelebrating(false)}>Got it!</Button>
        </div>
      </Dialog>
    </ConfirmToggleCard>
  );
}
