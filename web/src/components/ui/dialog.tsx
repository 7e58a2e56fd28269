import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from './button';
import './dialog.css';

interface DialogProps {
  open: boolean;
  /** Called when the dialog closes itself (Escape, a click on the backdrop). */
  onClose: () => void;
  /** id of the dialog's heading. */
  labelledBy: string;
  describedBy?: string;
  /** Receives focus on opening (the first focusable element otherwise). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the opener is gone or disabled (a submit button busy while the call ran). */
  returnFocus?: () => HTMLElement | null;
  /** A danger dialog (delete account) gets a warmer red edge. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> (the page behind is inert): focus moves in on opening, Tab and
 * Shift+Tab wrap inside it, Escape closes it, and focus returns to whatever opened it.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

/** Mounted only while open, so a closed dialog leaves nothing in the page (or its accessibility tree). */
function OpenDialog({
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  returnFocus,
  tone = 'default',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    // Escape: the parent decides (it unmounts the dialog); focus goes back to whatever opened it.
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      const target = returnFocusRef.current?.() ?? (opener !== document.body ? opener : null);
      // After the parent re-renders (a busy button is enabled again).
      window.setTimeout(() => target?.isConnected && target.focus(), 0);
    };
  }, [initialFocus]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${tone}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={trapTab}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  /** While the confirmed action runs: both buttons disabled, the dialog does not close itself. */
  busy: boolean;
  title: ReactNode;
  /** The question: what will happen (the dialog's description). */
  text: ReactNode;
  /** Shown between the text and the buttons: progress, a failure. */
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  confirmVariant?: ButtonVariant;
  /** An icon above the title. */
  icon?: ReactNode;
  tone?: DialogProps['tone'];
  onCancel: () => void;
  onConfirm: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** A confirmation: title, what will happen, Cancel and the action (its label changes while it runs). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const id = useId();
  const { busy, onCancel } = props;
  return (
    <Dialog
      open={props.open}
      onClose={() => !busy && onCancel()}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      returnFocus={props.returnFocus}
      tone={props.tone}
    >
      {props.icon ? <span className="icon-circle dialog__icon">{props.icon}</span> : null}
      <h2 id={`${id}-title`} className="dialog__title">
        {props.title}
      </h2>
      <div id={`${id}-text`} className="dialog__text">
        {props.text}
      </div>
      {props.children}
      <div className="dialog__actions">
        <Button variant="quiet" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={props.confirmVariant} onClick={props.onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? props.busyLabel : props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The opening of a notice dialog: its icon, its title (`<id>-title`, the dialog's `labelledBy`) and its text
 * (`<id>-text`, the dialog's `describedBy`).
 */
export function DialogIntro({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <span className="icon-circle dialog__icon">{icon}</span>
      <h2 id={`${id}-title`} className="dialog__title">
        {title}
      </h2>
      <p id={`${id}-text`} className="dialog__text">
        {children}
      </p>
    </>
  );
}
