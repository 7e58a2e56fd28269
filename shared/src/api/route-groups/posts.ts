import { defineRoutes } from '../route';
import { SuccessResponse } from '../schemas/common';
import {
  CreatePostRequest,
  ListPostsRequest,
  ListPostsResponse,
  PostDocumentRequest,
  PostIdRequest,
  PostResponse,
  UpdatePostRequest,
} from '../schemas/posts';
import { DocumentResponse } from '../schemas/public-pages';

/**
 * A charity's posts (issue 44): Photo, Video, Story and Event, saved as drafts, published now or scheduled; and
 * what donors read of them besides the public page (the Atom feed, an event's calendar file). Behind the stage's
 * `updates.open` switch: closed, list-posts says so and answers none, and every other route answers 403.
 */
export const postRoutes = defineRoutes({
  'list-posts': {
    method: 'GET',
    path: '/api/me/posts',
    auth: 'charity',
    request: ListPostsRequest,
    response: ListPostsResponse,
    summary:
      "The caller's posts of one tab (all, published, draft, scheduled), newest first, 20 a page, with counts.",
  },
  'create-post': {
    method: 'POST',
    path: '/api/me/posts',
    auth: 'charity',
    request: CreatePostRequest,
    response: PostResponse,
    maxBodyBytes: 64 * 1024,
    timeoutSeconds: 20,
    summary: 'A new post: a draft, published now (announced to followers) or scheduled for a time.',
  },
  'update-post': {
    method: 'PUT',
    path: '/api/me/posts/{postId}',
    auth: 'charity',
    request: UpdatePostRequest,
    response: PostResponse,
    maxBodyBytes: 64 * 1024,
    timeoutSeconds: 20,
    summary: "Edits the caller's own post read at its version: content, media, draft/publish/schedule.",
  },
  'unpublish-post': {
    method: 'POST',
    path: '/api/me/posts/{postId}/unpublish',
    auth: 'charity',
    request: PostIdRequest,
    response: PostResponse,
    summary: 'A published or scheduled post goes back to the drafts.',
  },
  'delete-post': {
    method: 'DELETE',
    path: '/api/me/posts/{postId}',
    auth: 'charity',
    request: PostIdRequest,
    response: SuccessResponse,
    timeoutSeconds: 20,
    summary: "Deletes the caller's own post and its media files.",
  },
  'get-charity-feed': {
    method: 'GET',
    path: '/api/share/charities/{registrationNumber}/feed.xml',
    auth: 'public',
    request: PostDocumentRequest,
    response: DocumentResponse,
    document: true,
    summary: "A live charity's published posts as an Atom 1.0 feed (/charities/<number>/feed.xml).",
  },
  'get-event-calendar': {
    method: 'GET',
    path: '/api/charities/{registrationNumber}/posts/{postId}/event.ics',
    auth: 'public',
    request: PostDocumentRequest,
    response: DocumentResponse,
    document: true,
    summary: "A published event post of a live charity as an iCalendar file, for donors' calendars.",
  },
  'open-post-from-mail': {
    method: 'GET',
    path: '/api/charities/{registrationNumber}/posts/{postId}/from-mail',
    auth: 'public',
    request: PostDocumentRequest,
    response: DocumentResponse,
    document: true,
    summary:
      "An update mail's link to a post: counts one click for the charity's analytics (nothing about who), then 303 to the post on the charity page.",
  },
});
