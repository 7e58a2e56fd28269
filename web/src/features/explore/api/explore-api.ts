import type { RouteRequest } from '@shared/api/routes';
import { callCharityApi, uploadCharityMedia, useCharityQuery } from '@/features/charity-auth';
import type { UploadableFile } from '@/lib/media-upload';
import { invalidate } from '@/lib/query';

/** The charity's explore page (the spec's default words when there is no session). */
export const useExplorePageQuery = () => useCharityQuery('get-explore-page', {});

/** The charity's published posts (the first page, newest first), for the preview's feed views (decision 20.30). */
export const usePublishedPostsQuery = () => useCharityQuery('list-posts', { filter: 'published', page: 1 });

/** After a change to the explore page: the profile's flags (a valid explore page) load again, quietly. */
export const exploreChanged = () => invalidate(['get-charity-profile']);

/** Activates or deactivates the explore page; answers the page as saved. */
export const setExploreActive = (active: boolean) => callCharityApi('set-explore-active', { active });

/** Saves the explore page's descriptions and media. */
export const saveExplorePage = (input: RouteRequest<'save-explore-page'>) =>
  callCharityApi('save-explore-page', input);

/** Removes the grid file a save replaced (idempotent). */
export const cleanupGridMedia = (input: RouteRequest<'cleanup-grid-media'>) =>
  callCharityApi('cleanup-grid-media', input);

/** Uploads the grid file (no position) or the feed file at `position`, each under its own purpose. */
export const uploadExploreFile = (
  file: UploadableFile,
  position: number | undefined,
  onProgress?: (fraction: number) => void,
) =>
  uploadCharityMedia({
    purpose: position === undefined ? 'explore-grid' : 'explore-feed',
    media: file,
    ...(position === undefined ? {} : { position }),
    ...(onProgress ? { onProgress } : {}),
  });
