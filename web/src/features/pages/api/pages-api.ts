import type { RouteId, RouteRequest } from '@shared/api/routes';
import {
  callCharityApi,
  uploadCharityMedia,
  useCharityMutation,
  useCharityQuery,
} from '@/features/charity-auth';
import type { UploadableFile } from '@/lib/media-upload';
import { invalidate } from '@/lib/query';
import { SaveMessage } from '../utils/page-form';

/** No session: the main-page area's words for it. */
const session = { noSessionMessage: SaveMessage.sessionExpired };

/** A change to the pages changes the list and the profile's flags (a valid main page, the live page). */
const PAGES_CHANGED: readonly RouteId[] = ['list-pages', 'get-charity-profile'];

/** The templates the charity can build a main page from. */
export const usePageTemplatesQuery = () => useCharityQuery('list-page-templates', {}, session);

/** The charity's main pages and which one is live. */
export const useMainPagesQuery = () => useCharityQuery('list-pages', {}, session);

/** Sets a page live; resolves once the list and the profile have loaded again. */
export const useSetLivePage = () =>
  useCharityMutation('set-live-page', { ...session, invalidates: PAGES_CHANGED });

/** Deletes a page (the list is reloaded by {@link pagesChanged} once the dialog has closed). */
export const useDeletePage = () => useCharityMutation('delete-page', session);

/** After a save or delete: the list and the profile load again, quietly. */
export const pagesChanged = () => invalidate(PAGES_CHANGED);

/** Saves an edited page. */
export const updatePage = (input: RouteRequest<'update-page'>) =>
  callCharityApi('update-page', input, session);

/** Saves a new page (under the id its first upload was given, if any). */
export const createPage = (input: RouteRequest<'create-page'>) =>
  callCharityApi('create-page', input, session);

/** Uploads one of a page's files; a new page's first upload is given the page's id. */
export const uploadPageFile = (upload: {
  media: UploadableFile;
  pageId: string | undefined;
  onProgress?: (fraction: number) => void;
}) => uploadCharityMedia({ purpose: 'page', ...upload }, session);
