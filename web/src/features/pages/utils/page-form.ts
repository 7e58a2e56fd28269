/**
 * Rules of the main-page form (charity-area spec, section 5 "Main page fields" and section 4 "Template
 * flow"), kept free of React so they can be tested on their own.
 */
import { ErrorMessage } from '@shared/api/error-codes';
import type { MediaRef } from '@shared/api/schemas/media';
import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { longDate } from '@/lib/format';
import {
  captionFileRef,
  storedWords,
  type WordsDraft,
  wordsBlocker,
  wordsRef,
} from '@/lib/media/media-words';

export type FieldDefinition = PageTemplateItem['field_schema']['field_definitions'][string];

export interface TemplateField {
  name: string;
  definition: FieldDefinition;
  required: boolean;
}

/** Spec, section 9: the success toast stays 3 seconds. */
export const TOAST_MS = 3000;

export const SaveMessage = {
  uploadFailed: (message: string) => `Upload failed: ${message}`,
  saveFailed: (message: string) => `Save failed: ${message}`,
  sessionExpired: ErrorMessage.SessionEnded,
  uploaded: 'Successfully uploaded!',
} as const;

/** A template's fields in form order: required first, then optional, then any other defined field. */
export function templateFields(template: Pick<PageTemplateItem, 'field_schema'>): TemplateField[] {
  const { required_fields, optional_fields, field_definitions } = template.field_schema;
  const order = [...required_fields, ...optional_fields, ...Object.keys(field_definitions)];
  const seen = new Set<string>();
  const fields: TemplateField[] = [];
  for (const name of order) {
    const definition = field_definitions[name];
    if (seen.has(name) || !definition) continue;
    seen.add(name);
    fields.push({ name, definition, required: required_fields.includes(name) });
  }
  return fields;
}

/** Textarea height from the field's max_length: about 100 characters a row, between 3 and 10 rows. */
export function textareaRows(maxLength: number): number {
  return Math.min(10, Math.max(3, Math.ceil(maxLength / 100)));
}

/** The form's values for a template: the page's saved content for its fields, blank otherwise. */
export function initialContent(
  template: Pick<PageTemplateItem, 'field_schema'>,
  page?: Pick<CharityPage, 'content'> | null,
): Record<string, string> {
  return Object.fromEntries(templateFields(template).map(({ name }) => [name, page?.content[name] ?? '']));
}

/** What still stops a save, in words for the line under Save (empty when the form can be saved). */
export function missingForSave(opts: {
  template: Pick<PageTemplateItem, 'field_schema'>;
  content: Record<string, string>;
  media: readonly { words: WordsDraft }[];
}): string[] {
  const missing: string[] = [];
  // New pages need media (spec); an edit that leaves none would leave the page without pictures, which the
  // server refuses too, so Save waits for one either way.
  if (opts.media.length === 0) missing.push('at least one photo or video');
  const words = wordsBlocker(opts.media);
  if (words) missing.push(words);
  for (const field of templateFields(opts.template)) {
    if (field.required && !(opts.content[field.name] ?? '').trim()) missing.push(field.definition.label);
  }
  return missing;
}

/** "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** One media item of the form (spec, section 3 "In-form media item"). */
export interface FormMediaItem {
  id: string;
  type: 'image' | 'video';
  preview: string;
  isExisting: boolean;
  existingMediaId?: string;
  /** The file's name as chosen (new items), for labels. */
  fileName?: string;
  /** Alt text or decorative, and caption. */
  words: WordsDraft;
}

/** The form's media for a loaded page, ordered by display_order. */
export function existingMediaItems(
  page: Pick<CharityPage, 'media'>,
  urlOf: (filePath: string) => string,
): FormMediaItem[] {
  return [...page.media]
    .sort((a, b) => a.display_order - b.display_order)
    .map((media) => ({
      id: `existing-${media.id}`,
      type: media.media_type,
      preview: urlOf(media.file_path),
      isExisting: true,
      existingMediaId: media.id,
      words: storedWords(media),
    }));
}

/**
 * The media list a save sends, in display order: `{ mediaId }` for kept items, `{ key }` for uploads.
 * Throws when a new item has no uploaded key (a bug in the caller: every new item uploads first).
 */
export function mediaRefs(
  items: readonly FormMediaItem[],
  uploadedKeys: ReadonlyMap<string, string>,
  captionFileKeys: ReadonlyMap<string, string> = new Map(),
): MediaRef[] {
  return items.map((item) => {
    const words = { ...wordsRef(item.words), ...captionFileRef(item.words, captionFileKeys.get(item.id)) };
    if (item.isExisting && item.existingMediaId) return { mediaId: item.existingMediaId, ...words };
    const key = uploadedKeys.get(item.id);
    if (!key) throw new Error(`Media item ${item.id} has not been uploaded`);
    return { key, ...words };
  });
}

/** Chosen files that fit under the cap, and how many did not. */
export function fitToCapacity<T>(files: readonly T[], current: number, max: number) {
  const room = Math.max(0, max - current);
  return { accepted: files.slice(0, room), dropped: Math.max(0, files.length - room) };
}

/** Carousel index after a step (wraps round both ends); 0 for an empty list. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** A created/updated date in en-GB words ("3 March 2026"); the raw text when it is not a date. */
export function formatPageDate(iso: string, timeZone?: string): string {
  return longDate(iso, timeZone) ?? iso;
}

/** "2 photos and 1 video", "1 photo", "No media". */
export function mediaSummary(media: readonly { media_type: 'image' | 'video' }[]): string {
  const photos = media.filter((m) => m.media_type === 'image').length;
  const videos = media.length - photos;
  const parts = [
    photos ? `${photos} ${photos === 1 ? 'photo' : 'photos'}` : null,
    videos ? `${videos} ${videos === 1 ? 'video' : 'videos'}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' and ') : 'No media';
}

/** The template's display name for a page's template_type (the type itself when unknown). */
export function templateName(templates: readonly PageTemplateItem[], type: string): string {
  return templates.find((t) => t.template_type === type)?.display_name ?? type;
}

/** The file chooser's accept list for a template's media types. */
export function acceptFor(types: readonly ('image' | 'video')[]): string {
  return [types.includes('image') ? 'image/*' : null, types.includes('video') ? 'video/mp4' : null]
    .filter(Boolean)
    .join(',');
}
