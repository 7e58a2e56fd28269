import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
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
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  tone = 'default',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  // Closing for any reason (Escape, backdrop, the parent) hands focus back to the opener.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      returnTo.current?.focus();
      returnTo.current = null;
      onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

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
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
