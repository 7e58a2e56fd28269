import * as z from 'zod';
import { normalizeName } from '../../names';
import { PAGE_NAME_MAX, PageMessage, pageNameError } from '../../pages';
import { TemplateType } from '../../templates';
import { MediaItem, MediaRef } from './media';

const PageId = z.string({ error: 'pageId is required' }).uuid({ error: 'pageId is not a valid page id' });
const PageName = z
  .string({ error: PageMessage.NameRequired })
  .max(PAGE_NAME_MAX * 4, { error: PageMessage.NameTooLong })
  .transform((value, ctx) => {
    const problem = pageNameError(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normalizeName(value);
  });
/** Field values keyed by the template's field names; checked against the template by the domain. */
const Content = z.record(
  z.string().max(64),
  z.string({ error: 'Each page field must be text' }).max(10_000),
  {
    error: 'content must be an object of text fields',
  },
);
const MediaList = z.array(MediaRef, { error: 'media must be a list' }).max(50);

export const PageTemplateItem = z.object({
  template_type: z.enum([TemplateType.Basic, TemplateType.MultipleTabs, TemplateType.Customised]),
  display_name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  component_name: z.string(),
  field_schema: z.object({
    required_fields: z.array(z.string()),
    optional_fields: z.array(z.string()),
    field_definitions: z.record(
      z.string(),
      z.object({
        label: z.string(),
        type: z.enum(['text', 'textarea']),
        max_length: z.number().int(),
        placeholder: z.string(),
      }),
    ),
  }),
  max_media_files: z.number().int(),
  allowed_media_types: z.array(z.enum(['image', 'video'])),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PageTemplateItem = z.infer<typeof PageTemplateItem>;

export const ListPageTemplatesResponse = z.object({
  success: z.literal(true),
  templates: z.array(PageTemplateItem),
});
export type ListPageTemplatesResponse = z.infer<typeof ListPageTemplatesResponse>;

export const CharityPage = z.object({
  id: z.string(),
  charity_id: z.string(),
  name: z.string(),
  template_type: z.string(),
  content: z.record(z.string(), z.string()),
  is_live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Ordered by display_order (from 1). */
  media: z.array(MediaItem),
});
export type CharityPage = z.infer<typeof CharityPage>;

export const ListPagesResponse = z.object({
  success: z.literal(true),
  /** Newest first. */
  pages: z.array(CharityPage),
  live_page_id: z.string().nullable(),
});
export type ListPagesResponse = z.infer<typeof ListPagesResponse>;

export const CreatePageRequest = z
  .object({
    /** The page id create-media-upload named for this new page's files; a new one when there are none yet. */
    pageId: PageId.optional(),
    name: PageName,
    template_type: z.string({ error: PageMessage.TemplateUnknown }).max(40),
    content: Content,
    media: MediaList,
  })
  .strict();
export type CreatePageRequest = z.infer<typeof CreatePageRequest>;

export const UpdatePageRequest = z
  .object({
    pageId: PageId,
    /** Renames the page when given. */
    name: PageName.optional(),
    content: Content,
    /** The page's media after the edit, in display order: kept items by id, new uploads by key. */
    media: MediaList,
  })
  .strict();
export type UpdatePageRequest = z.infer<typeof UpdatePageRequest>;

export const PageResponse = z.object({ success: z.literal(true), page: CharityPage });
export type PageResponse = z.infer<typeof PageResponse>;

export const PageIdRequest = z.object({ pageId: PageId }).strict();
export type PageIdRequest = z.infer<typeof PageIdRequest>;

export const SetLivePageResponse = z.object({ success: z.literal(true), live_page_id: z.string() });
export type SetLivePageResponse = z.infer<typeof SetLivePageResponse>;
