import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/api/error-codes';
import type { MediaRef } from '@shared/api/schemas/media';
import type {
  CharityPage,
  CreatePageRequest,
  ListPagesResponse,
  ListPageTemplatesResponse,
  PageResponse,
  SetLivePageResponse,
  UpdatePageRequest,
} from '@shared/api/schemas/pages';
import { PageMessage, pageContentError } from '@shared/pages';
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
import { ConflictError, NotFoundError, SessionEndedError, ValidationError } from '../../lib/http-errors';
import { AccountMessage } from '../charity-accounts/messages';
import { checkAppearsOnce, planMediaList, saveMediaList } from '../media/media-list';
import type { UploadDeps } from '../media/uploads';

export interface PageDeps extends UploadDeps {
  pages: PageData;
  templates: Pick<PageTemplateData, 'list'>;
  charities: Pick<CharityData, 'getProfile'>;
  uploads: Pick<UploadData, 'get' | 'remove' | 'consume'>;
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

/** A page's media list: counted from 1, new uploads issued for this page, kept items its own. */
const pagePlan = (refs: readonly MediaRef[], before: readonly PageMediaRecord[], pageId: string) =>
  planMediaList<PageMediaRecord>({
    refs,
    before,
    firstOrder: 1,
    owner: { page_id: pageId },
    upload: () => ({ expect: { purpose: 'page', pageId } }),
    notKept: () => new ValidationError(PageMessage.MediaNotFound, 'media'),
    field: (index) => `media.${index}`,
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
  deps: Omit<PageDeps, 'pages'> & { pages: Pick<PageData, 'create'> },
  userId: string,
  input: CreatePageRequest,
): Promise<PageResponse> {
  const template = await activeTemplate(deps, input.template_type, true);
  checkContent(template, input.content);
  checkAppearsOnce(input.media, 'media');
  checkMediaCount(input.media.length, template.max_media_files);
  const pageId = input.pageId ?? randomUUID();
  if (input.media.some((ref) => 'mediaId' in ref))
    throw new ValidationError(PageMessage.NewUploadsOnly, 'media');
  let saved: PageWithMedia | undefined;
  await saveMediaList(deps, userId, pagePlan(input.media, [], pageId), async (media, consume) => {
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
        saved = { ...page, media };
        return;
      } catch (error) {
        if (error instanceof PageWriteError && error.reason === 'live-changed' && attempt < LIVE_RETRIES)
          continue;
        writeConflict(error);
      }
    }
  });
  await deps.afterPagesChanged?.(userId);
  return { success: true, page: toApi(saved as PageWithMedia) };
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
  checkAppearsOnce(input.media, 'media');
  checkMediaCount(input.media.length, template.max_media_files);
  const plan = pagePlan(input.media, before.media, before.id);
  const page: PageRecord = {
    ...before,
    name: input.name ?? before.name,
    content: input.content,
    updated_at: deps.clock.now().toISOString(),
  };
  delete (page as Partial<PageWithMedia>).media;
  const media = await saveMediaList(deps, userId, plan, async (media, consume) => {
    try {
      await deps.pages.update({ userId, before, page, media, consume });
    } catch (error) {
      writeConflict(error);
    }
  });
  return { success: true, page: toApi({ ...page, version: before.version + 1, media }) };
}

/** Makes the page the one live main page (clearing the old one in the same transaction). */
export async function setLivePage(
  deps: Pick<PageDeps, 'charities' | 'clock'> & { pages: Pick<PageData, 'get' | 'setLive'> },
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
