import type { RouteRequest } from '@shared/api/routes';
import type { PostFilter } from '@shared/posts';
import { callCharityApi, uploadCharityMedia, useCharityQuery } from '@/features/charity-auth';
import type { UploadableFile } from '@/lib/media-upload';
import { invalidate } from '@/lib/query';

/** One tab of the charity's posts (newest first, 20 a page) with every tab's count, and the launch switch. */
export const usePostsQuery = (filter: PostFilter, page: number) =>
  useCharityQuery('list-posts', { filter, page });

/** After any change: every list read on screen loads again (counts move between tabs). */
export const postsChanged = () => invalidate(['list-posts']);

export const createPost = (input: RouteRequest<'create-post'>) => callCharityApi('create-post', input);

export const updatePost = (input: RouteRequest<'update-post'>) => callCharityApi('update-post', input);

export const unpublishPost = (postId: string) => callCharityApi('unpublish-post', { postId });

export const deletePost = (postId: string) => callCharityApi('delete-post', { postId });

/** Uploads one prepared photo or video of a post (bound to the post by its save); answers its key. */
export const uploadPostFile = async (file: UploadableFile, onProgress?: (fraction: number) => void) =>
  (await uploadCharityMedia({ purpose: 'post', media: file, ...(onProgress ? { onProgress } : {}) })).key;
