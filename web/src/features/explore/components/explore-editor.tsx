import type { ExplorePage } from '@shared/api/schemas/explore';
import { EXPLORE_LONG_MAX, EXPLORE_SHORT_MAX, ExploreMessage } from '@shared/explore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { describedBy, FieldFrame } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { DraftOffer } from '@/components/unsaved/draft-offer';
import { useMediaDraft } from '@/lib/media/use-media-draft';
import { useExploreDraft } from '../hooks/use-explore-draft';
import { useExploreSave } from '../hooks/use-explore-save';
import {
  addToFeed,
  changesOf,
  draftFromPage,
  type ExploreDraft,
  mediaFromFile,
  saveBlocker,
} from '../utils/explore-form';
import type { PreviewPost, ViewMode } from '../utils/preview';
import { ExploreConfirmDialog } from './explore-confirm-dialog';
import { ExplorePreview } from './explore-preview';
import { FeedField } from './feed-field';
import { GridField } from './grid-field';

/**
 * The explore form and its live preview (charity-area spec, section 4 "Explore editing" and section 5):
 * grid media, feed media (reorder by drag and drop or the move buttons), both descriptions with counters,
 * and change tracking: 'No Changes to Save' until something differs, then Cancel and Save Changes.
 */
export function ExploreEditor({
  page,
  accountId,
  name,
  avatarUrl,
  mediaBaseUrl,
  mode,
  onModeChange,
  onSaved,
  posts = [],
}: {
  page: ExplorePage;
  /** The signed-in charity's id: its drafts are kept under it. */
  accountId: string;
  name: string;
  avatarUrl: string | null;
  mediaBaseUrl: string;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onSaved: (page: ExplorePage) => Promise<void> | void;
  /** The charity's published posts for the preview (decision 20.30). */
  posts?: PreviewPost[];
}) {
  const saved = useMemo(() => draftFromPage(page, mediaBaseUrl), [page, mediaBaseUrl]);
  const [draft, setDraft] = useState<ExploreDraft>(saved);
  const [touched, setTouched] = useState({ short: false, long: false });
  const [gridError, setGridError] = useState<string | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);
  const [announcement, setAnnouncementText] = useState('');
  // The same words twice in a row still get read out (a trailing no-break space makes them new).
  const announce = (text: string) =>
    setAnnouncementText((current) => (current === text ? `${text}\u00a0` : text));

  const saveButton = useRef<HTMLButtonElement>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const media = useMediaDraft();
  const saving = useExploreSave({
    saved,
    draft,
    media,
    onSaved: (explore) => {
      // One render for the new saved page (the parent's state) and the fresh draft, so nothing flickers.
      setDraft(draftFromPage(explore, mediaBaseUrl));
      setTouched({ short: false, long: false });
      void onSaved(explore);
    },
  });
  const { busy, serverField } = saving;
  const changes = changesOf(saved, draft);
  const blocker = saveBlocker(draft);
  const kept = useExploreDraft({
    accountId,
    saved,
    draft,
    changed: changes.any,
    preview: media.preview,
    onRestore: update,
  });

  // Object URLs of chosen files live as long as a draft item shows them.
  const { releaseUnused } = media;
  useEffect(() => {
    releaseUnused([draft.grid?.preview, ...draft.feed.map((item) => item.preview)]);
  }, [draft, releaseUnused]);

  function update(next: Partial<ExploreDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    saving.clearFailure();
  }
  const itemOf = (file: File) => mediaFromFile(file, media.preview(file));

  const cancel = () => {
    setDraft(saved);
    setTouched({ short: false, long: false });
    setGridError(null);
    setFeedError(null);
    saving.clearFailure();
    announce('Changes discarded. Your saved explore page is shown again.');
  };

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

  return (
    <div className="explore-editor">
      <section className="card explore-form" aria-labelledby="explore-form-title">
        <h3 id="explore-form-title" className="dash-card__title" ref={formTitle} tabIndex={-1}>
          Your explore content
        </h3>
        {kept.offer ? (
          <DraftOffer
            what="your explore page"
            level={4}
            savedAt={kept.offer.savedAt}
            files={kept.files}
            onRestore={kept.restore}
            onDiscard={kept.discard}
          />
        ) : null}
        <p className="dash-card__text">
          Every field is required. Your changes show in the preview as you make them and are saved only when
          you choose Save Changes.
        </p>

        <form
          className="explore-form__fields"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (changes.any && !blocker && !busy) saving.setConfirming(true);
          }}
        >
          <GridField
            grid={draft.grid}
            savedGrid={saved.grid}
            busy={busy}
            message={gridMessage}
            onProblem={setGridError}
            itemOf={itemOf}
            onGrid={(grid) => update({ grid })}
            announce={announce}
          />
          <FeedField
            feed={draft.feed}
            busy={busy}
            message={feedMessage}
            onProblem={setFeedError}
            itemOf={itemOf}
            onAdd={(items) => {
              setDraft((current) => ({ ...current, feed: addToFeed(current.feed, items) }));
              saving.setError(null);
            }}
            onFeed={(feed) => update({ feed })}
            announce={announce}
          />

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

          {saving.error ? (
            <div className="red-box explore-form__error" role="alert">
              <AuthIcon name="alert" size={20} />
              <p>{saving.error}</p>
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
            {saving.notice ? (
              <>
                <AuthIcon name="check" size={18} /> {saving.notice}
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
          posts,
        }}
      />

      <ExploreConfirmDialog
        saving={saving}
        changes={changes}
        isActive={page.is_active}
        returnFocus={() =>
          saveButton.current && !saveButton.current.disabled && saveButton.current.isConnected
            ? saveButton.current
            : formTitle.current
        }
      />
    </div>
  );
}
