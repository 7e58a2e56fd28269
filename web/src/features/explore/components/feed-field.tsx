import { EXPLORE_FEED_MAX } from '@shared/explore';
import type { ChangeEvent } from 'react';
import { useRef } from 'react';
import { MediaThumb } from '@/components/media/media-thumb';
import { MediaWordsFields } from '@/components/media/media-words-fields';
import { ReorderList } from '@/components/media/reorder-list';
import { Button } from '@/components/ui/button';
import { type FormMedia, fileProblem, remainingFeedSlots } from '../utils/explore-form';
import { ExploreIcon } from './explore-icon';
import { FieldProblem } from './field-problem';

interface FeedFieldProps {
  feed: readonly FormMedia[];
  busy: boolean;
  message: string | null;
  onProblem: (problem: string | null) => void;
  /** A chosen file, as a draft item. */
  itemOf: (file: File) => FormMedia;
  /** Chosen files to add at the end of the feed. */
  onAdd: (items: FormMedia[]) => void;
  /** The feed reordered, shortened or with an item's words edited. */
  onFeed: (feed: FormMedia[]) => void;
  announce: (text: string) => void;
}

/**
 * 'Feed images and videos': the feed in order (reordered, removed and described with the shared media list),
 * and added to up to the feed's size; each chosen file's type and size are checked at once.
 */
export function FeedField({
  feed,
  busy,
  message,
  onProblem,
  itemOf,
  onAdd,
  onFeed,
  announce,
}: FeedFieldProps) {
  const feedInput = useRef<HTMLInputElement>(null);
  const addRow = useRef<HTMLDivElement>(null);
  const slots = remainingFeedSlots(feed);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const refused = files.filter((file) => fileProblem(file) !== null);
    const accepted = files.filter((file) => fileProblem(file) === null).slice(0, slots);
    onProblem(
      refused.length > 0
        ? `${refused.map((f) => f.name).join(', ')}: ${fileProblem(refused[0] as File)}`
        : null,
    );
    if (accepted.length === 0) return;
    onAdd(accepted.map(itemOf));
    announce(
      `${accepted.length} feed ${accepted.length === 1 ? 'item' : 'items'} added. ${feed.length + accepted.length} of ${EXPLORE_FEED_MAX}.`,
    );
  };

  return (
    <fieldset
      className="explore-field feed-field"
      aria-describedby={`feed-hint${message ? ' feed-error' : ''}`}
    >
      <legend className="explore-field__legend">
        Feed images and videos <span className="explore-field__required">(required)</span>
      </legend>
      <p className="form-field__hint" id="feed-hint">
        Up to {EXPLORE_FEED_MAX}, shown in this order. Drag an item to move it, or use its arrow buttons. Give
        each one alt text, or mark it decorative.{' '}
        <strong className="feed-field__count">
          {feed.length} of {EXPLORE_FEED_MAX} added
        </strong>
      </p>
      {feed.length > 0 ? (
        <ReorderList
          items={feed}
          nameOf={(_, index) => `feed item ${index + 1}`}
          busy={busy}
          onChange={(next) => onFeed(next)}
          onEmpty={() => addRow.current?.querySelector<HTMLButtonElement>('.feed-field__add')?.focus()}
          dataOf={(item) => ({ 'data-media-id': item.existingMediaId ?? undefined })}
          renderThumb={(item) => <MediaThumb item={item} alt="" />}
          renderItem={(item, index) => (
            <>
              <span className={`media-state${item.isExisting ? '' : ' media-state--new'}`}>
                {item.isExisting ? 'Saved' : 'New'}
              </span>
              <MediaWordsFields
                id={`feed-${item.id}`}
                name={`feed item ${index + 1}`}
                type={item.type}
                words={item.words}
                disabled={busy}
                onChange={(words) => onFeed(feed.map((m) => (m.id === item.id ? { ...m, words } : m)))}
              />
            </>
          )}
        />
      ) : (
        <p className="feed-field__empty">No feed images or videos yet.</p>
      )}
      <div className="feed-field__add-row" ref={addRow}>
        <Button
          variant="secondary"
          className="feed-field__add"
          onClick={() => feedInput.current?.click()}
          disabled={busy || slots === 0}
        >
          <ExploreIcon name="plus" size={18} />
          {slots === 0 ? `Feed is full (${EXPLORE_FEED_MAX})` : 'Add feed images or videos'}
        </Button>
        <input
          ref={feedInput}
          type="file"
          accept="image/*,video/mp4"
          multiple
          hidden
          onChange={choose}
          data-testid="explore-feed-input"
        />
      </div>
      <FieldProblem id="feed-error" message={message} />
    </fieldset>
  );
}
