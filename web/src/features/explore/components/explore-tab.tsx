/**
 * The Setup Explore View tab (charity-area spec, "Setup Explore View"; sections 3, 4, 5, 8 and 9): the
 * explainer, the Explore Page Status card, and the explore form beside its phone preview.
 */

import type { ExplorePage } from '@shared/api/schemas/explore';
import { mediaUrl } from '@shared/media';
import { useEffect, useState } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { LoadingStatus } from '@/components/ui/loading-status';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import type { SetupTabProps } from '@/features/pages';
import { exploreChanged, useExplorePageQuery, usePublishedPostsQuery } from '../api/explore-api';
import {
  type ExplainerCard,
  explainerFor,
  previewPosts,
  VIEW_HIGHLIGHT_MS,
  type ViewMode,
} from '../utils/preview';
import { ExploreEditor } from './explore-editor';
import { ExploreExplainer } from './explore-explainer';
import { ExploreStatusCard } from './explore-status-card';
import './explore.css';

/** The spec's internal load failure (section 8). */
export const FETCH_FAILED = 'Failed to fetch explore page';

export function ExploreTab({ profile }: SetupTabProps) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const query = useExplorePageQuery();
  // The preview's posts: none while they load or fail (the preview stands without them), or while closed.
  const published = usePublishedPostsQuery();
  const [explainerOpen, setExplainerOpen] = useState(false);
  const [mode, setMode] = useState<ViewMode>('grid');
  // A new object for each view change, so choosing the same view again lights its card again.
  const [highlight, setHighlight] = useState<{ card: ExplainerCard } | null>(null);

  const name = profile.charity.display_name ?? profile.charity.charity_name;
  const avatarUrl = profile.charity.profile_image_name
    ? mediaUrl(mediaBaseUrl, `${profile.charity.id}/${profile.charity.profile_image_name}`)
    : null;

  // The explainer opens itself when loading fails, so the tab still explains itself.
  const failed = query.status === 'error';
  useEffect(() => {
    if (failed) setExplainerOpen(true);
  }, [failed]);

  // The highlight's time starts once it is on screen (after the commit), not at the click: a slow render of
  // the preview would otherwise eat into the time it is seen.
  useEffect(() => {
    if (!highlight) return;
    const timer = window.setTimeout(() => setHighlight(null), VIEW_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlight]);

  const changeMode = (next: ViewMode) => {
    setMode(next);
    setHighlight({ card: explainerFor(next) });
  };

  /** A new saved page (save or activation): shown at once; the dashboard's flags are reloaded quietly. */
  const pageChanged = (page: ExplorePage) => {
    query.setData((data) => ({ ...data, explore: page }));
    void exploreChanged();
  };

  return (
    <div className="dash-stack explore-tab">
      <header className="tab-intro" data-tour="explore-setup">
        <h2 className="tab-intro__title">Setup Your Explore View</h2>
        <p>
          Your explore view is how your charity appears while donors browse: a picture in the grid with a
          short description, and a feed of images or videos with your detailed description.
        </p>
      </header>
      <ExploreExplainer
        open={explainerOpen}
        onToggle={setExplainerOpen}
        highlight={highlight?.card ?? null}
      />

      {query.status === 'loading' ? <LoadingStatus>Loading your explore page...</LoadingStatus> : null}

      {failed ? (
        <div className="red-box red-box--page" role="alert">
          <AuthIcon name="alert" size={20} />
          <div>
            <p>
              <strong>{FETCH_FAILED}.</strong>{' '}
              {query.error instanceof Error ? query.error.message : String(query.error)}
            </p>
            <p>
              <button type="button" className="link-button" onClick={() => void query.refetch()}>
                Try again
              </button>
            </p>
          </div>
        </div>
      ) : null}

      {query.data ? (
        <>
          <ExploreStatusCard
            page={query.data.explore}
            vetted={profile.verification.verified && !profile.verification.locked}
            onChanged={pageChanged}
            onFailed={query.refetch}
          />
          <ExploreEditor
            page={query.data.explore}
            accountId={profile.charity.id}
            name={name}
            avatarUrl={avatarUrl}
            mediaBaseUrl={mediaBaseUrl}
            mode={mode}
            onModeChange={changeMode}
            onSaved={pageChanged}
            posts={published.data?.updates_open ? previewPosts(published.data.posts, mediaBaseUrl) : []}
          />
        </>
      ) : null}
    </div>
  );
}
