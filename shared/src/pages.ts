import { hasHiddenCharacters, normalizeName } from './names';
import type { PageTemplate } from './templates';

/** Main pages (charity-area spec, "Setup Main Page" and section 5). */
export const PAGE_NAME_MAX = 50;

export const PageMessage = {
  NameRequired: 'Please enter a name for your page',
  NameTooLong: `Page name must be ${PAGE_NAME_MAX} characters or less`,
  NameTaken: 'A page with this name already exists. Please choose a different name.',
  NameHiddenCharacters:
    'Page name cannot contain line breaks, control characters, or invisible or text-direction characters',
  TemplateUnavailable: 'This template is coming soon. Please choose the Basic template.',
  TemplateUnknown: 'Please choose a template.',
  MediaRequired: 'Please add at least one photo or video.',
  TooManyMedia: (max: number) => `This template allows up to ${max} photos or videos.`,
  NotFound: 'Page not found',
  MediaNotFound: 'A photo or video to keep is no longer on this page. Please reload and try again.',
  UploadUsed: 'This upload has already been saved. Please choose the file again.',
  ChangedMeanwhile: 'This page was changed in another window. Please reload and try again.',
  NewUploadsOnly: 'A new page can only use new uploads.',
  LiveCannotBeDeleted: "Can't delete live page",
  AlreadyLive: 'This page is already live.',
  FieldRequired: (label: string) => `${label} is required`,
  FieldTooLong: (label: string, max: number) => `${label} must be ${max} characters or less`,
  UnknownField: (name: string) => `This template has no field called ${name}`,
} as const;

/** The page-name problem to show, or null; `others` are the charity's other page names. */
export function pageNameError(name: string, others: readonly string[] = []): string | null {
  const trimmed = normalizeName(name);
  if (!trimmed) return PageMessage.NameRequired;
  if (trimmed.length > PAGE_NAME_MAX) return PageMessage.NameTooLong;
  if (hasHiddenCharacters(trimmed)) return PageMessage.NameHiddenCharacters;
  const lower = trimmed.toLowerCase();
  if (others.some((o) => normalizeName(o).toLowerCase() === lower)) return PageMessage.NameTaken;
  return null;
}

/** The first content problem against the template as `{ field, message }`, or null. */
export function pageContentError(
  template: Pick<PageTemplate, 'field_schema'>,
  content: Record<string, string>,
): { field: string; message: string } | null {
  const defs = template.field_schema.field_definitions;
  for (const name of Object.keys(content)) {
    // Own properties only: `constructor`, `toString`... are not fields.
    if (!Object.hasOwn(defs, name)) return { field: name, message: PageMessage.UnknownField(name) };
  }
  for (const [name, def] of Object.entries(defs)) {
    const value = content[name] ?? '';
    if (template.field_schema.required_fields.includes(name) && !value.trim())
      return { field: name, message: PageMessage.FieldRequired(def.label) };
    if (value.length > def.max_length)
      return { field: name, message: PageMessage.FieldTooLong(def.label, def.max_length) };
  }
  return null;
}
