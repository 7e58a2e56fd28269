import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { AuthIcon } from './auth-icon';
import { buttonClassName } from './button';
import { ConfirmDialog } from './dialog';
import { StatusPill } from './status-pill';

interface ConfirmToggleCardProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  /** The heading's level where the card sits (a dashboard section or a tab's card). */
  headingLevel?: 2 | 3;
  className: string;
  /** The state the card switches: on (Live, Active) or off. */
  on: boolean;
  /** The pill's word for the current state. */
  stateLabel: string;
  text: ReactNode;
  /** Why the switch is not possible now (an orange notice the button points to), or null. */
  blocker: { id: string; content: ReactNode } | null;
  /** The button's words; `busyButtonLabel` while the change runs, if it says something else then. */
  buttonLabel: string;
  busyButtonLabel?: string;
  /** Beside the button (links). */
  actions?: ReactNode;
  confirm: { title: string; text: ReactNode; confirmLabel: string; busyLabel: string };
  /** Makes the change after Confirm: calls the API, then `close()`, then reports the new state. */
  toggle: (close: () => void) => Promise<void>;
  /** The message shown under the card when the change failed. */
  failure: (caught: unknown) => string;
  /** After a failure (the caller may reload what the server knows). */
  onFailed?: () => Promise<void> | void;
  /** The toggle button, for dialogs the caller opens after the change. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** After the card (the caller's own dialogs). */
  children?: ReactNode;
}

/**
 * A status card with a state pill and one button switching the state through a confirmation dialog (the
 * charity's Page Status, the explore page's status): busy while the change runs, its failure under the card.
 */
export function ConfirmToggleCard({
  titleId,
  title,
  headingLevel = 3,
  className,
  on,
  stateLabel,
  text,
  blocker,
  buttonLabel,
  busyButtonLabel,
  actions,
  confirm,
  toggle,
  failure,
  onFailed,
  buttonRef,
  children,
}: ConfirmToggleCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ownRef = useRef<HTMLButtonElement>(null);
  const toggleRef = buttonRef ?? ownRef;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await toggle(() => setConfirming(false));
    } catch (caught) {
      setConfirming(false);
      setError(failure(caught));
      await onFailed?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card ${className}`} aria-labelledby={titleId}>
      <div className="live-card__head">
        <Heading id={titleId} className="dash-card__title">
          {title}
        </Heading>
        <StatusPill done={on}>
          <span className={`live-dot${on ? ' live-dot--on' : ''}`} aria-hidden="true" />
          {stateLabel}
        </StatusPill>
      </div>
      <p className="dash-card__text">{text}</p>
      {blocker ? (
        <div className="orange-notice" id={blocker.id}>
          <AuthIcon name="alert" size={20} className="orange-notice__icon" />
          {blocker.content}
        </div>
      ) : null}
      <div className="live-card__actions">
        <button
          type="button"
          ref={toggleRef}
          className={buttonClassName({ variant: on ? 'secondary' : 'primary' })}
          disabled={busy || blocker !== null}
          aria-describedby={blocker?.id}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {busy && busyButtonLabel ? busyButtonLabel : buttonLabel}
        </button>
        {actions}
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
        title={confirm.title}
        text={confirm.text}
        confirmLabel={confirm.confirmLabel}
        busyLabel={confirm.busyLabel}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
        returnFocus={() => toggleRef.current}
      />
      {children}
    </section>
  );
}
