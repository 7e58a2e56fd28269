import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { DraftFilesState } from '@/lib/drafts/draft-files';
import { draftTimeInWords } from '@/lib/drafts/draft-store';
import './draft-offer.css';

export const DraftText = {
  title: 'You have unsaved changes',
  files: 'Photos and videos are not kept in a draft: choose any new ones again after restoring.',
  restore: 'Restore',
  discard: 'Discard',
} as const;

/**
 * The offer to restore a draft kept from an earlier visit (after a reload, a closed tab): what it is and
 * when it was written, Restore and Discard. When new photos or videos could not be kept with it (no
 * IndexedDB, storage full), it says to choose them again.
 */
export function DraftOffer({
  what,
  savedAt,
  onRestore,
  onDiscard,
  level = 3,
  files,
}: {
  /** The heading level that fits where the offer stands. */
  level?: 3 | 4;
  /** What the draft is of, as a sentence end: "your explore page", "the page “Spring appeal”". */
  what: string;
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
  /** What became of the draft's new files (`lost`: the offer says to choose them again). */
  files: DraftFilesState | undefined;
}) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className="draft-offer" aria-labelledby={`${id}-title`}>
      <Notice tone="info">
        <Heading id={`${id}-title`} className="draft-offer__title">
          {DraftText.title}
        </Heading>
        <p>
          Changes to {what} from {draftTimeInWords(savedAt)} were not saved. Restore them to carry on, or
          discard them.
        </p>
        {files === 'lost' ? <p className="draft-offer__note">{DraftText.files}</p> : null}
        <div className="draft-offer__actions">
          <Button onClick={onRestore}>{DraftText.restore}</Button>
          <Button variant="secondary" onClick={onDiscard}>
            {DraftText.discard}
          </Button>
        </div>
      </Notice>
    </section>
  );
}
