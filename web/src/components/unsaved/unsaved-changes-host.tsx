import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { answerLeave, connectRouter, isAskingToLeave, subscribeLeave } from '@/lib/unsaved/leave-guard';
import './unsaved-dialog.css';

/** The dialog's words (docs/decisions: the spec has none). */
export const UnsavedText = {
  title: 'Leave without saving?',
  text: 'You have changes that are not saved yet. If you leave now, they will be lost.',
  stay: 'Stay on this page',
  leave: 'Leave without saving',
} as const;

/**
 * The unsaved-changes dialog of the whole app, and the router connection the leave guard needs (its
 * navigate, the history index of the current entry). Escape, a click outside and "Stay on this page" keep
 * the edits; focus starts on Stay, the safe choice.
 */
export function UnsavedChangesHost() {
  const id = useId();
  const navigate = useNavigate();
  useLocation(); // re-render on every navigation
  const asking = useSyncExternalStore(subscribeLeave, isAskingToLeave, () => false);
  const stayRef = useRef<HTMLButtonElement>(null);

  // After every render (so after every navigation): the router's navigate and the index react-router stored
  // with the current history entry.
  useEffect(() => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    connectRouter((href) => navigate(href), typeof index === 'number' ? index : null);
  });
  useEffect(() => () => connectRouter(null, null), []);

  return (
    <Dialog
      open={asking}
      onClose={() => answerLeave(false)}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      initialFocus={stayRef}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {UnsavedText.title}
      </h2>
      <p id={`${id}-text`} className="dialog__text">
        {UnsavedText.text}
      </p>
      <div className="dialog__actions unsaved-dialog__actions">
        <Button variant="secondary" onClick={() => answerLeave(true)}>
          {UnsavedText.leave}
        </Button>
        <button ref={stayRef} type="button" className={buttonClassName()} onClick={() => answerLeave(false)}>
          {UnsavedText.stay}
        </button>
      </div>
    </Dialog>
  );
}

export default UnsavedChangesHost;
