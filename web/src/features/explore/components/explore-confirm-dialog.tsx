import { ConfirmDialog } from '@/components/ui/dialog';
import type { useExploreSave } from '../hooks/use-explore-save';
import { type changesOf, joinList } from '../utils/explore-form';

/** 'Confirm Changes': what the save changes, whether donors see it at once, and the upload progress. */
export function ExploreConfirmDialog({
  saving,
  changes,
  isActive,
  returnFocus,
}: {
  saving: ReturnType<typeof useExploreSave>;
  changes: ReturnType<typeof changesOf>;
  isActive: boolean;
  returnFocus: () => HTMLElement | null;
}) {
  const summary = [
    changes.text ? 'your descriptions' : null,
    changes.grid ? 'a new grid image or video' : null,
    changes.newFeed > 0 ? `${changes.newFeed} new feed ${changes.newFeed === 1 ? 'item' : 'items'}` : null,
    changes.removedFeed > 0
      ? `${changes.removedFeed} removed feed ${changes.removedFeed === 1 ? 'item' : 'items'}`
      : null,
    changes.reordered ? 'a new feed order' : null,
    changes.words ? 'new alt text or captions' : null,
  ].filter((part): part is string => part !== null);

  return (
    <ConfirmDialog
      open={saving.confirming}
      busy={saving.busy}
      title="Confirm Changes"
      text={
        <>
          Save {summary.length > 0 ? joinList(summary) : 'your changes'} to your explore page?{' '}
          {isActive
            ? 'Your page is active, so donors will see the new content straight away.'
            : 'Your page stays inactive until you activate it.'}
        </>
      }
      confirmLabel="Confirm & Save"
      busyLabel="Saving..."
      onCancel={() => saving.setConfirming(false)}
      onConfirm={() => void saving.save()}
      returnFocus={returnFocus}
    >
      {saving.busy ? (
        <div className="save-progress">
          <label htmlFor="explore-save-progress" className="save-progress__label">
            {saving.progressText}
          </label>
          <progress id="explore-save-progress" max={1} value={saving.progressValue}>
            {Math.round(saving.progressValue * 100)}%
          </progress>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
