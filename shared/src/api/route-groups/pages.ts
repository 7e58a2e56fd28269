import { defineRoutes } from '../route';
import { EmptyRequest, SuccessResponse } from '../schemas/common';
import {
  CreatePageRequest,
  ListPagesResponse,
  ListPageTemplatesResponse,
  PageIdRequest,
  PageResponse,
  SetLivePageResponse,
  UpdatePageRequest,
} from '../schemas/pages';

/** Main pages and their templates, always the caller's own (charity id from the token). */
export const pageRoutes = defineRoutes({
  'list-page-templates': {
    method: 'GET',
    path: '/api/me/page-templates',
    auth: 'charity',
    request: EmptyRequest,
    response: ListPageTemplatesResponse,
    summary: 'Every page template, ordered by type (only Basic is selectable before launch).',
  },
  'list-pages': {
    method: 'GET',
    path: '/api/me/pages',
    auth: 'charity',
    request: EmptyRequest,
    response: ListPagesResponse,
    summary: "The caller's main pages with their media, newest first.",
  },
  'create-page': {
    method: 'POST',
    path: '/api/me/pages',
    auth: 'charity',
    request: CreatePageRequest,
    response: PageResponse,
    timeoutSeconds: 20,
    summary: 'Creates a main page from uploaded media; the first page goes live by itself.',
  },
  'update-page': {
    method: 'PUT',
    path: '/api/me/pages/{pageId}',
    auth: 'charity',
    request: UpdatePageRequest,
    response: PageResponse,
    timeoutSeconds: 20,
    summary: 'Saves a main page edit: content, name, kept and new media (dropped media removed).',
  },
  'set-live-page': {
    method: 'POST',
    path: '/api/me/pages/{pageId}/live',
    auth: 'charity',
    request: PageIdRequest,
    response: SetLivePageResponse,
    summary: 'Makes this page the one live main page.',
  },
  'delete-page': {
    method: 'DELETE',
    path: '/api/me/pages/{pageId}',
    auth: 'charity',
    request: PageIdRequest,
    response: SuccessResponse,
    timeoutSeconds: 20,
    summary: 'Deletes a page that is not live: its records, then its media files.',
  },
});
