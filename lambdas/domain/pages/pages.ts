import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../../shared/src/api/errors';
import type { MediaRef } from '../../../shared/src/api/schemas/media';
import type {
  CharityPage,
  CreatePageRequest,
  ListPagesResponse,
  ListPageTemplatesResponse,
  PageResponse,
  SetLivePageResponse,
  UpdatePageRequest,
} from '../../../shared/src/api/schemas/pages';
import { MediaMessage } from '../../../shared/src/media';
import { PageMessage, pageContentError } from '../../../shared/src/pages';
import type { CharityData } from '../../data/charities';
import type { PageTemplateData } from '../../data/page-templates';
import {
  type PageData,
  type PageMediaRecord,
  type PageRecord,
  type PageWithMedia,
  PageWriteError,
} from '../../data/pages';
import type { UploadData } from '../../data/uploads';
import { ConflictError, NotFoundError, SessionEndedError, ValidationError } from '../../lib/errors';
import { AccountMessage } from '../charity-accounts/messages';
import { type CheckedUpload, deleteFilesQuietly, saveWithUploads, type UploadDeps } from '../media/uploads';

export interface PageDeps extends UploadDeps {
  pages: PageData;
  templates: PageTemplateData;
  charities: CharityData;
  uploads: UploadData;
  /** Called after a page is created or deleted (the account-setup flag depends on having a page). */
  afterPagesChanged?: (userId: string) => Promise<unknown>;
  warn: (message: string, extra: Record<string, unknown>) => void;
}

/** Attempts of a write guarded by the live page id before giving up (each sees the latest state). */
const LIVE_RETRIES = 8;

const toApi = ({ version: _v, ...page }: PageWithMedia): CharityPage => page;

export async function listPageTemplates(
  deps: Pick<PageDeps, 'templates'>,
): Promise<ListPageTemplatesResponse> {
  const templates = await deps.templates.list();
  return {
    success: true,
    templates: templates.sort((a, b) => a.template_type.localeCompare(b.template_type)),
  };
}

export async function listPages(
  deps: Pick<PageDeps, 'pages' | 'charities'>,
  userId: string,
): Promise<ListPagesResponse> {
  const [pages, profile] = await Promise.all([deps.pages.list(userId), deps.charities.getProfile(userId)]);
  if (!profile) throw new NotFoundError(AccountMessage.NotFound);
  return { success: true, pages: pages.map(toApi), live_page_id: profile.live_page_id ?? null };
}

async function activeTemplate(
  deps: Pick<PageDeps, 'templates'>,
  templateType: string,
  mustBeActive: boolean,
) {
  const template = (await deps.templates.list()).find((t) => t.template_type === templateType);
  if (!template) throw new ValidationError(PageMessage.TemplateUnknown, 'template_type');
  if (mustBeActive && !template.is_active)
    throw new ValidationError(PageMessage.TemplateUnavailable, 'template_type');
  return template;
}

function checkContent(template: Parameters<typeof pageContentError>[0], content: Record<string, string>) {
  const problem = pageContentError(template, content);
  if (problem) throw new ValidationError(problem.message, `content.${problem.field}`);
}

function checkMediaCount(count: number, max: number) {
  if (count < 1) throw new ValidationError(PageMessage.MediaRequired, 'media');
  if (count > max) throw new ValidationError(PageMessage.TooManyMedia(max), 'media');
}

function checkDistinct(refs: readonly MediaRef[]) {
  const seen = new Set<string>();
  for (const ref of refs) {
    const id = 'key' in ref ? `k:${ref.key}` : `m:${ref.mediaId}`;
    if (seen.has(id)) throw new ValidationError(MediaMessage.AppearsOnce, 'media');
    seen.add(id);
  }
}

const mediaRecord = (pageId: string, upload: CheckedUpload, order: number): PageMediaRecord => ({
  id: randomUUID(),
  page_id: pageId,
  file_path: upload.key,
  media_type: upload.media_type,
  display_order: order,
  file_size_bytes: upload.file_size_bytes,
  mime_type: upload.mime_type,
});

function writeConflict(error: unknown): never {
  if (error instanceof PageWriteError) {
    if (error.reason === 'name-taken')
      throw new ConflictError(PageMessage.NameTaken, { code: ErrorCode.NameTaken, field: 'name' });
    if (error.reason === 'upload-used')
      throw new ValidationError(PageMessage.UploadUsed, 'media', ErrorCode.UploadNotFound);
    if (error.reason === 'account-gone') throw new SessionEndedError();
    throw new ConflictError(PageMessage.ChangedMeanwhile, { code: ErrorCode.PageChanged });
  }
  throw error;
}

/**
 * Creates a main page from checked uploads. When the charity has no live page, the new page goes live in
 * the same transaction; if another request made a page live meanwhile, this one is saved as a draft.
 */
export async function createPage(
  deps: PageDeps,
  userId: string,
  input: CreatePageRequest,
): Promise<PageResponse> {
  const template = await activeTemplate(deps, input.template_type, true);
  checkContent(template, input.content);
  checkDistinct(input.media);
  checkMediaCount(input.media.length, template.max_media_files);
  const pageId = input.pageId ?? randomUUID();
  if (input.media.some((ref) => 'mediaId' in ref))
    throw new ValidationError(PageMessage.NewUploadsOnly, 'media');
  const wanted = input.media.map((ref) => ({
    key: (ref as { key: string }).key,
    expect: { purpose: 'page' as const, pageId },
  }));
  const saved = await saveWithUploads(deps, userId, wanted, async (uploads) => {
    const media = uploads.map((u, i) => mediaRecord(pageId, u, i + 1));
    const consume = uploads.map((u) => deps.uploads.consume(userId, u.upload));
    for (let attempt = 0; ; attempt++) {
      const profile = await deps.charities.getProfile(userId);
      if (!profile) throw new NotFoundError(AccountMessage.NotFound);
      const goLive = !profile.live_page_id;
      const now = deps.clock.now().toISOString();
      const page: PageRecord = {
        id: pageId,
        charity_id: userId,
        name: input.name,
        template_type: template.template_type,
        content: input.content,
        is_live: goLive,
        version: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await deps.pages.create({ userId, page, media, consume, goLive });
        return { ...page, media };
      } catch (error) {
        if (error instanceof PageWriteError && error.reason === 'live-changed' && attempt < LIVE_RETRIES)
          continue;
        writeConflict(error);
      }
    }
  });
  await deps.afterPagesChanged?.(userId);
  return { success: true, page: toApi(saved) };
}

/** Saves an edit: content, optional new name, and the media list (kept by id, new by key) in order. */
export async function updatePage(
  deps: PageDeps,
  userId: string,
  input: UpdatePageRequest,
): Promise<PageResponse> {
  const before = await deps.pages.get(userId, input.pageId);
  if (!before) throw new NotFoundError(PageMessage.NotFound);
  const template = await activeTemplate(deps, before.template_type, false);
  checkContent(template, input.content);
  checkDistinct(input.media);
  checkMediaCount(input.media.length, template.max_media_files);
  const byId = new Map(before.media.map((m) => [m.id, m]));
  for (const ref of input.media)
    if ('mediaId' in ref && !byId.has(ref.mediaId))
      throw new ValidationError(PageMessage.MediaNotFound, 'media');
  const wanted = input.media.flatMap((ref) =>
    'key' in ref ? [{ key: ref.key, expect: { purpose: 'page' as const, pageId: before.id } }] : [],
  );
  const page: PageRecord = {
    ...before,
    name: input.name ?? before.name,
    content: input.content,
    updated_at: deps.clock.now().toISOString(),
  };
  delete (page as Partial<PageWithMedia>).media;
  const media = await saveWithUploads(deps, userId, wanted, async (uploads) => {
    let next = 0;
    const media = input.media.map((ref, i): PageMediaRecord => {
      if ('mediaId' in ref) return { ...(byId.get(ref.mediaId) as PageMediaRecord), display_order: i + 1 };
      return mediaRecord(before.id, uploads[next++] as CheckedUpload, i + 1);
    });
    const consume = uploads.map((u) => deps.uploads.consume(userId, u.upload));
    try {
      await deps.pages.update({ userId, before, page, media, consume });
    } catch (error) {
      writeConflict(error);
    }
    return media;
  });
  const keptIds = new Set(media.map((m) => m.id));
  const dropped = before.media.filter((m) => !keptIds.has(m.id)).map((m) => m.file_path);
  await deleteFilesQuietly(deps.media, dropped, deps.warn);
  return { success: true, page: toApi({ ...page, version: before.version + 1, media }) };
}

/** Makes the page the one live main page (clearing the old one in the same transaction). */
export async function setLivePage(
  deps: Pick<PageDeps, 'pages' | 'charities' | 'clock'>,
  userId: string,
  pageId: string,
): Promise<SetLivePageResponse> {
  for (let attempt = 0; ; attempt++) {
    const [page, profile] = await Promise.all([
      deps.pages.get(userId, pageId),
      deps.charities.getProfile(userId),
    ]);
    if (!page) throw new NotFoundError(PageMessage.NotFound);
    if (!profile) throw new NotFoundError(AccountMessage.NotFound);
    if (profile.live_page_id === pageId && page.is_live) return { success: true, live_page_id: pageId };
    try {
      await deps.pages.setLive(userId, pageId, profile.live_page_id ?? null, deps.clock.now());
      return { success: true, live_page_id: pageId };
    } catch (error) {
      if (error instanceof PageWriteError && attempt < LIVE_RETRIES) continue;
      writeConflict(error);
    }
  }
}

/** Deletes a page that is not live: its records in one transaction, then its files. */
export async function deletePage(deps: PageDeps, userId: string, pageId: string): Promise<{ success: true }> {
  const page = await deps.pages.get(userId, pageId);
  if (!page) throw new NotFoundError(PageMessage.NotFound);
  if (page.is_live) throw new ConflictError(PageMessage.LiveCannotBeDeleted, { code: ErrorCode.PageIsLive });
  try {
    await deps.pages.remove(userId, page);
  } catch (error) {
    if (error instanceof PageWriteError)
      throw new ConflictError(PageMessage.LiveCannotBeDeleted, { code: ErrorCode.PageIsLive });
    throw error;
  }
  // Every file under the page's folder, recorded or not (an upload never saved is removed too).
  try {
    await deps.media.deletePrefix(`${userId}/pages/${pageId}/`);
  } catch (error) {
    deps.warn('page files not deleted', { pageId, error: (error as Error).name });
  }
  await deps.afterPagesChanged?.(userId);
  return { success: true };
}
