import {
  type ChangeEvent,
  type DragEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ExplorePage } from '../../../../../shared/src/api/schemas/explore';
import {
  EXPLORE_FEED_MAX,
  EXPLORE_LONG_MAX,
  EXPLORE_SHORT_MAX,
  ExploreMessage,
} from '../../../../../shared/src/explore';
import { describedBy, FieldFrame } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { callApi, isApiError } from '../../../lib/api';
import { prepareMedia, uploadMedia } from '../../../lib/media-upload';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import {
  addToFeed,
  changesOf,
  draftFromPage,
  type ExploreDraft,
  type FormMedia,
  fileProblem,
  joinList,
  mediaFromFile,
  moveItem,
  overallProgress,
  pendingUploads,
  remainingFeedSlots,
  replacedGridPath,
  saveBlocker,
  saveMediaRefs,
} from '../utils/explore-form';
import type { ViewMode } from '../utils/preview';
import { ExploreIcon } from './explore-icon';
import { ExplorePreview } from './explore-preview';

/** The spec's save failure (section 8), with the reason. */
export const saveFailed = (message: string) => `Failed to upload explore page data: ${message}`;
/** How long the saved message stays (spec, section 9: success messages 3 s). */
const SAVED_MESSAGE_MS = 3000;

type Saving =
  | { phase: 'idle' }
  | { phase: 'uploading'; done: number; total: number; fraction: number }
  | { phase: 'saving' };

/** Focus to restore after the feed list re-renders (an item's button, or the add button). */
type FocusTarget = { id: string; action: 'up' | 'down' | 'remove' } | { id: 'add' };

function MediaThumb({ item, alt }: { item: FormMedia; alt: string }) {
  return item.type === 'video' ? (
    <span className="media-thumb media-thumb--video">
      <video src={item.preview} muted playsInline preload="metadata" aria-label={alt} />
      <span className="media-thumb__badge">
        <ExploreIcon name="video" size={14} /> Video
      </span>
    </span>
  ) : (
    <span className="media-thumb">
      <img src={item.preview} alt={alt} />
    </span>
  );
}

/**
 * The explore form and its live preview (charity-area spec, section 4 "Explore editing" and section 5):
 * grid media, feed media (reorder by drag and drop or the move buttons), both descriptions with counters,
 * and change tracking: 'No Changes to Save' until something differs, then Cancel and Save Changes.
 */
export function ExploreEditor({
  page,
  name,
  avatarUrl,
  mediaBaseUrl,
  getToken,
  mode,
  onModeChange,
  onSaved,
}: {
  page: ExplorePage;
  name: string;
  avatarUrl: string | null;
  mediaBaseUrl: string;
  getToken: () => Promise<string | null>;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onSaved: (page: ExplorePage) => Promise<void> | void;
}) {
  const saved = useMemo(() => draftFromPage(page, mediaBaseUrl), [page, mediaBaseUrl]);
  const [draft, setDraft] = useState<ExploreDraft>(saved);
  const [touched, setTouched] = useState({ short: false, long: false });
  const [gridError, setGridError] = useState<string | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);
  const [serverField, setServerField] = useState<{ field: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [announcement, setAnnouncementText] = useState('');
  // The same words twice in a row still get read out (a trailing no-break space makes them new).
  const setAnnouncement = (text: string) =>
    setAnnouncementText((current) => (current === text ? `${text}\u00a0` : text));
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  const gridInput = useRef<HTMLInputElement>(null);
  const feedInput = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const feedButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = useRef<FocusTarget | null>(null);
  const objectUrls = useRef(new Set<string>());

  const busy = saving.phase !== 'idle';
  const changes = changesOf(saved, draft);
  const blocker = saveBlocker(draft);
  const slots = remainingFeedSlots(draft.feed);

  // Object URLs of chosen files live as long as a draft item shows them.
  useEffect(() => {
    const inUse = new Set([draft.grid?.preview, ...draft.feed.map((item) => item.preview)]);
    for (const url of objectUrls.current) {
      if (!inUse.has(url)) {
        URL.revokeObjectURL(url);
        objectUrls.current.delete(url);
      }
    }
  }, [draft]);
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(''), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

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

  const update = (next: Partial<ExploreDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setError(null);
    setServerField(null);
  };

  const fileItem = (file: File): FormMedia => {
    const url = URL.createObjectURL(file);
    objectUrls.current.add(url);
    return mediaFromFile(file, url);
  };

  const chooseGrid = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    setGridError(problem);
    if (problem) return;
    update({ grid: fileItem(file) });
    setAnnouncement(`Grid ${file.type.startsWith('video/') ? 'video' : 'image'} chosen: ${file.name}.`);
  };

  const chooseFeed = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const refused = files.filter((file) => fileProblem(file) !== null);
    const accepted = files.filter((file) => fileProblem(file) === null).slice(0, slots);
    setFeedError(
      refused.length > 0
        ? `${refused.map((f) => f.name).join(', ')}: ${fileProblem(refused[0] as File)}`
        : null,
    );
    if (accepted.length === 0) return;
    setDraft((current) => ({ ...current, feed: addToFeed(current.feed, accepted.map(fileItem)) }));
    setError(null);
    setAnnouncement(
      `${accepted.length} feed ${accepted.length === 1 ? 'item' : 'items'} added. ${draft.feed.length + accepted.length} of ${EXPLORE_FEED_MAX}.`,
    );
  };

  const move = (index: number, to: number, action: 'up' | 'down') => {
    const item = draft.feed[index];
    if (!item) return;
    const feed = moveItem(draft.feed, index, to);
    if (feed === draft.feed) return;
    pendingFocus.current = { id: item.id, action };
    update({ feed });
    setAnnouncement(`Feed item moved to position ${feed.indexOf(item) + 1} of ${feed.length}.`);
  };

  const remove = (index: number) => {
    const feed = draft.feed.filter((_, i) => i !== index);
    const next = feed[index] ?? feed[index - 1];
    pendingFocus.current = next ? { id: next.id, action: 'remove' } : { id: 'add' };
    update({ feed });
    setAnnouncement(`Feed item ${index + 1} removed. ${feed.length} of ${EXPLORE_FEED_MAX}.`);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragIndex !== null && dragIndex !== index) {
      const item = draft.feed[dragIndex];
      const feed = moveItem(draft.feed, dragIndex, index);
      update({ feed });
      if (item) setAnnouncement(`Feed item moved to position ${feed.indexOf(item) + 1} of ${feed.length}.`);
    }
    setDragIndex(null);
    setOverIndex(null);
  };

  const cancel = () => {
    setDraft(saved);
    setTouched({ short: false, long: false });
    setGridError(null);
    setFeedError(null);
    setError(null);
    setServerField(null);
    setAnnouncement('Changes discarded. Your saved explore page is shown again.');
  };

  const save = useCallback(async () => {
    setError(null);
    const uploads = pendingUploads(draft);
    const newGrid = draft.grid && !draft.grid.isExisting ? draft.grid : null;
    const total = uploads.length + (newGrid ? 1 : 0);
    try {
      const token = await getToken();
      if (!token) throw new Error('Your session has ended. Please sign in again.');
      const keys = new Map<string, string>();
      let done = 0;
      setSaving({ phase: 'uploading', done, total, fraction: 0 });
      const progress = (fraction: number) => setSaving({ phase: 'uploading', done, total, fraction });
      if (newGrid?.file) {
        const media = await prepareMedia(newGrid.file);
        const result = await uploadMedia({ purpose: 'explore-grid', media, token, onProgress: progress });
        keys.set(newGrid.id, result.key);
        done += 1;
      }
      for (const { item, position } of uploads) {
        if (!item.file) continue;
        const media = await prepareMedia(item.file);
        const result = await uploadMedia({
          purpose: 'explore-feed',
          media,
          token,
          position,
          onProgress: progress,
        });
        keys.set(item.id, result.key);
        done += 1;
        progress(0);
      }
      setSaving({ phase: 'saving' });
      const refs = saveMediaRefs(draft, keys);
      const { explore } = await callApi(
        'save-explore-page',
        {
          short_description: draft.shortDescription,
          long_description: draft.longDescription,
          ...(refs.grid ? { grid: refs.grid } : {}),
          feed: refs.feed,
        },
        { token },
      );
      const oldGrid = replacedGridPath(saved, draft);
      if (oldGrid) {
        // Idempotent clean-up of the replaced grid file; a failure is not a failed save.
        callApi('cleanup-grid-media', { explorePageId: explore.id, oldFilePath: oldGrid }, { token }).catch(
          (caught: unknown) => console.warn('Grid media clean-up failed', caught),
        );
      }
      // One render for the new saved page (the parent's state) and the fresh draft, so nothing flickers.
      setDraft(draftFromPage(explore, mediaBaseUrl));
      setTouched({ short: false, long: false });
      setConfirming(false);
      setSaving({ phase: 'idle' });
      setNotice('Your explore page has been saved.');
      void onSaved(explore);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      if (isApiError(caught) && caught.field) setServerField({ field: caught.field, message });
      setConfirming(false);
      setSaving({ phase: 'idle' });
      setError(saveFailed(message));
    }
  }, [draft, saved, getToken, mediaBaseUrl, onSaved]);

  const shortError =
    serverField?.field === 'short_description'
      ? serverField.message
      : touched.short && draft.shortDescription.trim() === ''
        ? ExploreMessage.ShortRequired
        : undefined;
  const longError =
    serverField?.field === 'long_description'
      ? serverField.message
      : touched.long && draft.longDescription.trim() === ''
        ? ExploreMessage.LongRequired
        : undefined;
  const gridMessage = gridError ?? (serverField?.field.startsWith('grid') ? serverField.message : null);
  const feedMessage = feedError ?? (serverField?.field.startsWith('feed') ? serverField.message : null);

  const progressValue =
    saving.phase === 'uploading'
      ? overallProgress(saving.done, saving.fraction, saving.total)
      : saving.phase === 'saving'
        ? 1
        : 0;
  const progressText =
    saving.phase === 'uploading'
      ? saving.total > 0
        ? `Uploading file ${Math.min(saving.done + 1, saving.total)} of ${saving.total}...`
        : 'Preparing...'
      : 'Saving your explore page...';

  const summary = [
    changes.text ? 'your descriptions' : null,
    changes.grid ? 'a new grid image or video' : null,
    changes.newFeed > 0 ? `${changes.newFeed} new feed ${changes.newFeed === 1 ? 'item' : 'items'}` : null,
    changes.removedFeed > 0
      ? `${changes.removedFeed} removed feed ${changes.removedFeed === 1 ? 'item' : 'items'}`
      : null,
    changes.reordered ? 'a new feed order' : null,
  ].filter((part): part is string => part !== null);

  return (
    <div className="explore-editor">
      <section className="card explore-form" aria-labelledby="explore-form-title">
        <h3 id="explore-form-title" className="dash-card__title" ref={formTitle} tabIndex={-1}>
          Your explore content
        </h3>
        <p className="dash-card__text">
          Every field is required. Your changes show in the preview as you make them and are saved only when
          you choose Save Changes.
        </p>

        <form
          className="explore-form__fields"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (changes.any && !blocker && !busy) setConfirming(true);
          }}
        >
          <fieldset
            className="explore-field"
            aria-describedby={`grid-hint${gridMessage ? ' grid-error' : ''}`}
          >
            <legend className="explore-field__legend">
              Grid image or video <span className="explore-field__required">(required)</span>
            </legend>
            <p className="form-field__hint" id="grid-hint">
              One image or MP4 video. Donors see it in the grid with your short description.
            </p>
            <div className="grid-pick">
              {draft.grid ? (
                <MediaThumb
                  item={draft.grid}
                  alt={draft.grid.isExisting ? 'Your saved grid picture' : 'Your new grid picture'}
                />
              ) : (
                <span className="media-thumb media-thumb--empty">
                  <ExploreIcon name="image" size={28} />
                  <span>No grid image yet</span>
                </span>
              )}
              <div className="grid-pick__side">
                {draft.grid ? (
                  <span className={`media-state${draft.grid.isExisting ? '' : ' media-state--new'}`}>
                    {draft.grid.isExisting ? 'Saved' : `New: ${draft.grid.file?.name ?? ''}`}
                  </span>
                ) : null}
                <div className="grid-pick__actions">
                  <Button variant="secondary" onClick={() => gridInput.current?.click()} disabled={busy}>
                    {draft.grid ? 'Replace grid image or video' : 'Choose grid image or video'}
                  </Button>
                  {draft.grid && !draft.grid.isExisting ? (
                    <Button
                      variant="quiet"
                      onClick={() => {
                        update({ grid: saved.grid });
                        setAnnouncement(
                          saved.grid ? 'Saved grid picture restored.' : 'New grid picture removed.',
                        );
                      }}
                      disabled={busy}
                    >
                      {saved.grid ? 'Keep the saved grid picture' : 'Remove this file'}
                    </Button>
                  ) : null}
                </div>
              </div>
              <input
                ref={gridInput}
                type="file"
                accept="image/*,video/mp4"
                hidden
                onChange={chooseGrid}
                data-testid="explore-grid-input"
              />
            </div>
            {gridMessage ? (
              <p className="form-field__error" id="grid-error" role="alert">
                <AuthIcon name="alert" size={16} className="form-field__error-icon" />
                <span>{gridMessage}</span>
              </p>
            ) : null}
          </fieldset>

          <fieldset
            className="explore-field feed-field"
            aria-describedby={`feed-hint${feedMessage ? ' feed-error' : ''}`}
          >
            <legend className="explore-field__legend">
              Feed images and videos <span className="explore-field__required">(required)</span>
            </legend>
            <p className="form-field__hint" id="feed-hint">
              Up to {EXPLORE_FEED_MAX}, shown in this order. Drag an item to move it, or use its arrow
              buttons.{' '}
              <strong className="feed-field__count">
                {draft.feed.length} of {EXPLORE_FEED_MAX} added
              </strong>
            </p>
            {draft.feed.length > 0 ? (
              <ol className="feed-list">
                {draft.feed.map((item, index) => (
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
                        type="button"
                        className="icon-button"
                        aria-label={`Move feed item ${index + 1} up`}
                        disabled={busy || index === 0}
                        ref={(el) => {
                          feedButtons.current.set(`${item.id}:up`, el);
                        }}
                        onClick={() => move(index, index - 1, 'up')}
                      >
                        <ExploreIcon name="up" size={18} />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move feed item ${index + 1} down`}
                        disabled={busy || index === draft.feed.length - 1}
                        ref={(el) => {
                          feedButtons.current.set(`${item.id}:down`, el);
                        }}
                        onClick={() => move(index, index + 1, 'down')}
                      >
                        <ExploreIcon name="down" size={18} />
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={`Remove feed item ${index + 1}`}
                        disabled={busy}
                        ref={(el) => {
                          feedButtons.current.set(`${item.id}:remove`, el);
                        }}
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
                onChange={chooseFeed}
                data-testid="explore-feed-input"
              />
            </div>
            {feedMessage ? (
              <p className="form-field__error" id="feed-error" role="alert">
                <AuthIcon name="alert" size={16} className="form-field__error-icon" />
                <span>{feedMessage}</span>
              </p>
            ) : null}
          </fieldset>

          <FieldFrame
            id="explore-short"
            label="Short description (required)"
            hint="Shown with your grid image. One line that says what you do."
            error={shortError}
          >
            <input
              id="explore-short"
              className="form-field__input"
              value={draft.shortDescription}
              maxLength={EXPLORE_SHORT_MAX}
              autoComplete="off"
              aria-invalid={shortError ? true : undefined}
              aria-describedby={describedBy('explore-short', true, shortError, 'explore-short-count')}
              onChange={(event) => update({ shortDescription: event.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, short: true }))}
              disabled={busy}
            />
            <p className="char-count" id="explore-short-count">
              {draft.shortDescription.length}/{EXPLORE_SHORT_MAX} characters
            </p>
          </FieldFrame>

          <FieldFrame
            id="explore-long"
            label="Detailed description (required)"
            hint="Shown with your posts in the large feed. Tell donors what you do, for whom, and what their gift makes possible."
            error={longError}
          >
            <textarea
              id="explore-long"
              className="form-field__input explore-form__textarea"
              value={draft.longDescription}
              maxLength={EXPLORE_LONG_MAX}
              rows={7}
              aria-invalid={longError ? true : undefined}
              aria-describedby={describedBy('explore-long', true, longError, 'explore-long-count')}
              onChange={(event) => update({ longDescription: event.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, long: true }))}
              disabled={busy}
            />
            <p className="char-count" id="explore-long-count">
              {draft.longDescription.length}/{EXPLORE_LONG_MAX} characters
            </p>
          </FieldFrame>

          {error ? (
            <div className="red-box explore-form__error" role="alert">
              <AuthIcon name="alert" size={20} />
              <p>{error}</p>
            </div>
          ) : null}

          <div className="explore-form__actions">
            {changes.any ? (
              <>
                <Button variant="quiet" onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
                <button
                  type="submit"
                  ref={saveButton}
                  className="button button--primary button--md"
                  disabled={busy || blocker !== null}
                  aria-describedby={blocker ? 'explore-save-blocker' : undefined}
                >
                  {busy ? 'Saving...' : 'Save Changes'}
                </button>
              </>
            ) : (
              <button type="button" className="button button--primary button--md" disabled>
                No Changes to Save
              </button>
            )}
          </div>
          {changes.any && blocker ? (
            <p className="explore-form__blocker" id="explore-save-blocker">
              {blocker}
            </p>
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          <p className="explore-form__notice" role="status">
            {notice ? (
              <>
                <AuthIcon name="check" size={18} /> {notice}
              </>
            ) : null}
          </p>
        </form>
      </section>

      <ExplorePreview
        mode={mode}
        onModeChange={onModeChange}
        content={{
          name,
          avatarUrl,
          shortDescription: draft.shortDescription,
          longDescription: draft.longDescription,
          grid: draft.grid,
          feed: draft.feed,
        }}
      />

      <ConfirmDialog
        open={confirming}
        busy={busy}
        title="Confirm Changes"
        text={
          <>
            Save {summary.length > 0 ? joinList(summary) : 'your changes'} to your explore page?{' '}
            {page.is_active
              ? 'Your page is active, so donors will see the new content straight away.'
              : 'Your page stays inactive until you activate it.'}
          </>
        }
        confirmLabel="Confirm & Save"
        busyLabel="Saving..."
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
        returnFocus={() =>
          saveButton.current && !saveButton.current.disabled && saveButton.current.isConnected
            ? saveButton.current
            : formTitle.current
        }
      >
        {busy ? (
          <div className="save-progress">
            <label htmlFor="explore-save-progress" className="save-progress__label">
              {progressText}
            </label>
            <progress id="explore-save-progress" max={1} value={progressValue}>
              {Math.round(progressValue * 100)}%
            </progress>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
