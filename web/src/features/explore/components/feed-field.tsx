import { EXPLORE_FEED_MAX } from '@shared/explore';
import { type ChangeEvent, type DragEvent, useLayoutEffect, useRef, useState } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { type FormMedia, fileProblem, moveItem, remainingFeedSlots } from '../utils/explore-form';
import { ExploreIcon } from './explore-icon';
import { FieldProblem, MediaThumb } from './media-thumb';

/** Focus to restore after the feed list re-renders (an item's button, or the add button). */
type FocusTarget = { id: string; action: 'up' | 'down' | 'remove' } | { id: 'add' };

interface FeedFieldProps {
  feed: readonly FormMedia[];
  busy: boolean;
  message: string | null;
  onProblem: (problem: string | null) => void;
  /** A chosen file, as a draft item. */
  itemOf: (file: File) => FormMedia;
  /** Chosen files to add at the end of the feed. */
  onAdd: (items: FormMedia[]) => void;
  /** The feed reordered or shortened. */
  onFeed: (feed: FormMedia[]) => void;
  announce: (text: string) => void;
}

/**
 * 'Feed images and videos': the feed in order, reordered by drag and drop or the move buttons (focus stays
 * on the moved item), removed one by one, and added to up to the feed's size.
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
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const feedInput = useRef<HTMLInputElement>(null);
  const feedButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = useRef<FocusTarget | null>(null);
  const slots = remainingFeedSlots(feed);

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (!('action' in target)) {
      feedInput.current
        ?.closest('.feed-field')
        ?.querySelector<HTMLButtonElement>('.feed-field__add')
        ?.focus();
      return;
    }
    const preferred = feedButtons.current.get(`${target.id}:${target.action}`);
    const fallback = feedButtons.current.get(`${target.id}:${target.action === 'up' ? 'down' : 'up'}`);
    (preferred && !preferred.disabled ? preferred : fallback)?.focus();
  });

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

  const moved = (next: FormMedia[], item: FormMedia) => {
    onFeed(next);
    announce(`Feed item moved to position ${next.indexOf(item) + 1} of ${next.length}.`);
  };

  const move = (index: number, to: number, action: 'up' | 'down') => {
    const item = feed[index];
    if (!item) return;
    const next = moveItem(feed, index, to);
    if (next === feed) return;
    pendingFocus.current = { id: item.id, action };
    moved(next, item);
  };

  const remove = (index: number) => {
    const next = feed.filter((_, i) => i !== index);
    const focus = next[index] ?? next[index - 1];
    pendingFocus.current = focus ? { id: focus.id, action: 'remove' } : { id: 'add' };
    onFeed(next);
    announce(`Feed item ${index + 1} removed. ${next.length} of ${EXPLORE_FEED_MAX}.`);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragIndex !== null && dragIndex !== index) {
      const item = feed[dragIndex];
      const next = moveItem(feed, dragIndex, index);
      if (item) moved(next, item);
      else onFeed(next);
    }
    setDragIndex(null);
    setOverIndex(null);
  };

  const actionButton = (item: FormMedia, action: 'up' | 'down' | 'remove', label: string) => ({
    type: 'button' as const,
    'aria-label': label,
    ref: (el: HTMLButtonElement | null) => {
      feedButtons.current.set(`${item.id}:${action}`, el);
    },
  });

  return (
    <fieldset
      className="explore-field feed-field"
      aria-describedby={`feed-hint${message ? ' feed-error' : ''}`}
    >
      <legend className="explore-field__legend">
        Feed images and videos <span className="explore-field__required">(required)</span>
      </legend>
      <p className="form-field__hint" id="feed-hint">
        Up to {EXPLORE_FEED_MAX}, shown in this order. Drag an item to move it, or use its arrow buttons.{' '}
        <strong className="feed-field__count">
          {feed.length} of {EXPLORE_FEED_MAX} added
        </strong>
      </p>
      {feed.length > 0 ? (
        <ol className="feed-list">
          {feed.map((item, index) => (
            <li
              key={item.id}
              className={[
                'feed-list__item',
                dragIndex === index ? 'feed-list__item--dragging' : '',
                overIndex === index && dragIndex !== index ? 'feed-list__item--over' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              draggable={!busy}
              data-media-id={item.existingMediaId ?? undefined}
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
              }}
              onDragOver={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (overIndex !== index) setOverIndex(index);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDrop={(event) => onDrop(event, index)}
            >
              <span className="feed-list__handle" aria-hidden="true">
                <ExploreIcon name="drag" size={18} />
              </span>
              <MediaThumb item={item} alt={`Feed item ${index + 1}`} />
              <span className="feed-list__label">
                <span className="feed-list__position">Feed item {index + 1}</span>
                <span className={`media-state${item.isExisting ? '' : ' media-state--new'}`}>
                  {item.isExisting ? 'Saved' : 'New'}
                </span>
              </span>
              <span className="feed-list__actions">
                <button
                  {...actionButton(item, 'up', `Move feed item ${index + 1} up`)}
                  className="icon-button"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <ExploreIcon name="up" size={18} />
                </button>
                <button
                  {...actionButton(item, 'down', `Move feed item ${index + 1} down`)}
                  className="icon-button"
                  disabled={busy || index === feed.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <ExploreIcon name="down" size={18} />
                </button>
                <button
                  {...actionButton(item, 'remove', `Remove feed item ${index + 1}`)}
                  className="icon-button icon-button--danger"
                  disabled={busy}
                  onClick={() => remove(index)}
                >
                  <AuthIcon name="trash" size={18} />
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="feed-field__empty">No feed images or videos yet.</p>
      )}
      <div className="feed-field__add-row">
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
