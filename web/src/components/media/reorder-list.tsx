import {
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { moveItem } from '@/lib/media/order';
import { MediaIcon } from './media-icon';
import './media.css';

type Action = 'grab' | 'up' | 'down' | 'remove';
/** Focus to restore after the list re-renders (an item's control). */
type FocusTarget = { id: string; action: Action };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface ReorderListProps<T extends { id: string }> {
  items: readonly T[];
  /** The item's name in labels, by position ("feed item 2", "photo 1"). */
  nameOf: (item: T, index: number) => string;
  busy: boolean;
  /** The list reordered or shortened. */
  onChange: (items: T[], removed?: T) => void;
  /** What follows an item's name (tags such as Saved or New, the words fields). */
  renderItem: (item: T, index: number) => ReactNode;
  /** The item's picture. */
  renderThumb: (item: T, index: number) => ReactNode;
  /** Focuses what comes after the list when its last item is removed (the add button). */
  onEmpty: () => void;
  /** `data-*` attributes of an item's row (tests find saved items by them). */
  dataOf?: (item: T) => Record<string, string | undefined>;
}

/**
 * An ordered media list (main pages and the explore feed): drag and drop with a pointer, or the handle with the
 * keyboard (Space picks up, arrows move, Space or Escape drops), Move up/down and Remove buttons. Focus stays on
 * the moved item's control and each change is announced.
 */
export function ReorderList<T extends { id: string }>({
  items,
  nameOf,
  busy,
  onChange,
  renderItem,
  renderThumb,
  onEmpty,
  dataOf,
}: ReorderListProps<T>) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  // The item being dragged, known from its dragstart on: the dragover that follows can come before React has
  // rendered the state above, and a dragover that is not accepted then refuses the drop.
  const dragging = useRef<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [grabbed, setGrabbed] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const controls = useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = useRef<FocusTarget | null>(null);
  const howto = useId();

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const preferred = controls.current.get(`${target.id}:${target.action}`);
    const fallback = controls.current.get(`${target.id}:${target.action === 'up' ? 'down' : 'up'}`);
    (preferred && !preferred.disabled ? preferred : fallback)?.focus();
  });

  const moved = (next: T[], item: T) => {
    onChange(next);
    const index = next.indexOf(item);
    setStatus(`${capitalise(nameOf(item, index))} moved to position ${index + 1} of ${next.length}.`);
  };

  const move = (index: number, to: number, action: Action) => {
    const item = items[index];
    if (!item) return;
    const next = moveItem(items, index, to);
    if (next === items) return;
    pendingFocus.current = { id: item.id, action };
    moved(next, item);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    const next = items.filter((_, i) => i !== index);
    const focus = next[index] ?? next[index - 1];
    // With no item left the list may unmount before its effect runs: focus what follows it after the render.
    if (focus) pendingFocus.current = { id: focus.id, action: 'remove' };
    else window.setTimeout(onEmpty, 0);
    onChange(next, item);
    setStatus(`${capitalise(nameOf(item, index))} removed. ${next.length} left.`);
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, item: T, index: number) => {
    const name = capitalise(nameOf(item, index));
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      const picking = grabbed !== item.id;
      setGrabbed(picking ? item.id : null);
      setStatus(
        picking
          ? `${name} picked up. Use the up and down arrow keys to move it, Space to drop it.`
          : `${name} dropped at position ${index + 1} of ${items.length}.`,
      );
    } else if (event.key === 'Escape' && grabbed === item.id) {
      event.preventDefault();
      setGrabbed(null);
      setStatus(`${name} dropped at position ${index + 1} of ${items.length}.`);
    } else if (grabbed === item.id && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'grab');
    }
  };

  const endDrag = () => {
    dragging.current = null;
    setDragIndex(null);
    setOverIndex(null);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const from = dragging.current;
    const item = from === null ? undefined : items[from];
    if (from !== null && from !== index && item) moved(moveItem(items, from, index), item);
    endDrag();
  };

  const control = (item: T, action: Action, label: string) => ({
    type: 'button' as const,
    'aria-label': label,
    ref: (el: HTMLButtonElement | null) => {
      controls.current.set(`${item.id}:${action}`, el);
    },
  });

  return (
    <>
      <ol className="reorder-list">
        {items.map((item, index) => {
          const name = nameOf(item, index);
          return (
            <li
              key={item.id}
              className={[
                'reorder-list__item',
                dragIndex === index || grabbed === item.id ? 'reorder-list__item--dragging' : '',
                overIndex === index && dragIndex !== index ? 'reorder-list__item--over' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              draggable={!busy}
              {...dataOf?.(item)}
              onDragStart={(event) => {
                dragging.current = index;
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
              }}
              onDragEnter={(event) => {
                // Accepting the enter makes the item the drop target (HTML's drag-and-drop model).
                if (dragging.current !== null) event.preventDefault();
              }}
              onDragOver={(event) => {
                if (dragging.current === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (overIndex !== index) setOverIndex(index);
              }}
              onDragEnd={endDrag}
              onDrop={(event) => onDrop(event, index)}
            >
              <button
                {...control(item, 'grab', `Drag ${name}`)}
                className="reorder-list__handle"
                aria-pressed={grabbed === item.id}
                aria-describedby={howto}
                disabled={busy || items.length < 2}
                onKeyDown={(event) => onHandleKey(event, item, index)}
                onBlur={() => grabbed === item.id && setGrabbed(null)}
              >
                <MediaIcon name="drag" />
              </button>
              {renderThumb(item, index)}
              <div className="reorder-list__label">
                <span className="reorder-list__position">{capitalise(name)}</span>
                {renderItem(item, index)}
              </div>
              <span className="reorder-list__actions">
                <button
                  {...control(item, 'up', `Move ${name} up`)}
                  className="icon-button"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <MediaIcon name="up" />
                </button>
                <button
                  {...control(item, 'down', `Move ${name} down`)}
                  className="icon-button"
                  disabled={busy || index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <MediaIcon name="down" />
                </button>
                <button
                  {...control(item, 'remove', `Remove ${name}`)}
                  className="icon-button icon-button--danger"
                  disabled={busy}
                  onClick={() => remove(index)}
                >
                  <MediaIcon name="trash" />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" id={howto}>
        Press Space to pick the item up, the up and down arrow keys to move it, and Space again to drop it.
      </p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}
