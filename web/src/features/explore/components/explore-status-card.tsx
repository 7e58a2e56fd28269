import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ExplorePage } from '../../../../../shared/src/api/schemas/explore';
import { VettingMessage } from '../../../../../shared/src/verification';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
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
  getToken,
  onChanged,
  onFailed,
}: {
  page: ExplorePage;
  /** Verified against the register's email and not locked: only then can donors see the page. */
  vetted: boolean;
  getToken: () => Promise<string | null>;
  onChanged: (page: ExplorePage) => Promise<void> | void;
  /** After a refusal or failure: the tab reloads the page quietly (the server may know better). */
  onFailed?: () => Promise<void> | void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const active = page.is_active;
  const gaps = activationGaps(page);
  const blocked = !active && (gaps.length > 0 || !vetted);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const token = await getToken();
      if (!token) throw new Error('Your session has ended. Please sign in again.');
      const result = await callApi('set-explore-active', { active: !active }, { token });
      setConfirming(false);
      await onChanged(result.explore);
    } catch (caught) {
      setConfirming(false);
      setError(statusFailed(caught instanceof Error ? caught.message : String(caught)));
      await onFailed?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card explore-status" aria-labelledby="explore-status-title">
      <div className="live-card__head">
        <h3 id="explore-status-title" className="dash-card__title">
          Explore Page Status
        </h3>
        <span className={`status-pill ${active ? 'status-pill--done' : 'status-pill--todo'}`}>
          <span className={`live-dot${active ? ' live-dot--on' : ''}`} aria-hidden="true" />
          {active ? 'Active' : 'Inactive'}
        </span>
      </div>
      <p className="dash-card__text">
        {active
          ? 'Your explore page is active: donors can see your grid image, feed and descriptions while they browse.'
          : 'Your explore page is inactive: donors cannot see it yet. Saving changes never changes this.'}
      </p>
      {blocked ? (
        <div className="orange-notice" id="explore-activation-needs">
          <AuthIcon name="alert" size={20} className="orange-notice__icon" />
          {vetted ? (
            <p>Before you can activate your explore page, save {joinList(gaps)}.</p>
          ) : (
            <p>
              {VettingMessage.Explore}{' '}
              <Link to={paths.charity.emailVerification.getHref()}>Verify your charity email</Link>
            </p>
          )}
        </div>
      ) : null}
      <div className="live-card__actions">
        <button
          type="button"
          ref={buttonRef}
          className={`button button--md ${active ? 'button--secondary' : 'button--primary'}`}
          disabled={busy || blocked}
          aria-describedby={blocked ? 'explore-activation-needs' : undefined}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {busy ? 'Updating...' : active ? 'Deactivate Page' : 'Activate Page'}
        </button>
      </div>
      {error ? (
        <div className="red-box" role="alert">
          <AuthIcon name="alert" size={20} />
          <p>{error}</p>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={active ? 'Deactivate your explore page?' : 'Activate your explore page?'}
        text={
          active
            ? 'Donors will no longer see your explore content while they browse. Your content stays saved, and you can activate it again at any time.'
            : 'Donors will see your grid image, your feed and your descriptions while they browse.'
        }
        confirmLabel={active ? 'Deactivate Page' : 'Activate Page'}
        busyLabel="Updating..."
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
        returnFocus={() => buttonRef.current}
      />
    </section>
  );
}
