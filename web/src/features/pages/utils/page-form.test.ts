import { PAGE_TEMPLATES } from '@shared/templates';
import {
  acceptFor,
  existingMediaItems,
  type FormMediaItem,
  fitToCapacity,
  formatPageDate,
  initialContent,
  listInWords,
  mediaRefs,
  mediaSummary,
  missingForSave,
  SaveMessage,
  stepIndex,
  TOAST_MS,
  templateFields,
  templateName,
  textareaRows,
} from './page-form';

const basic = PAGE_TEMPLATES[0] as (typeof PAGE_TEMPLATES)[number];

describe('templateFields', () => {
  it('lists required fields first, then optional ones, each once, with their definitions', () => {
    const fields = templateFields({
      field_schema: {
        required_fields: ['b', 'a'],
        optional_fields: ['c', 'a'],
        field_definitions: {
          a: { label: 'A', type: 'text', max_length: 10, placeholder: '' },
          b: { label: 'B', type: 'textarea', max_length: 100, placeholder: '' },
          c: { label: 'C', type: 'text', max_length: 5, placeholder: '' },
          d: { label: 'D', type: 'text', max_length: 5, placeholder: '' },
        },
      },
    });
    expect(fields.map((f) => [f.name, f.required])).toEqual([
      ['b', true],
      ['a', true],
      ['c', false],
      ['d', false],
    ]);
  });

  it('gives Basic its mission and about fields', () => {
    expect(templateFields(basic).map((f) => f.definition.label)).toEqual(['Our Mission', 'About Us']);
  });
});

describe('textareaRows', () => {
  it('derives rows from max_length between 3 and 10', () => {
    expect(textareaRows(50)).toBe(3);
    expect(textareaRows(500)).toBe(5);
    expect(textareaRows(650)).toBe(7);
    expect(textareaRows(2000)).toBe(10);
  });
});

describe('initialContent', () => {
  it('is blank for a new page and the saved text for an edit, for the template fields only', () => {
    expect(initialContent(basic)).toEqual({ page_description: '', about_text: '' });
    expect(initialContent(basic, { content: { page_description: 'We feed families', stray: 'x' } })).toEqual({
      page_description: 'We feed families',
      about_text: '',
    });
  });
});

describe('missingForSave', () => {
  const filled = { page_description: 'We feed families', about_text: 'Since 1998' };

  const described = { words: { alt: 'Volunteers packing food', decorative: false, caption: '' } };

  it('needs media, for a new page and for an edit that would leave none', () => {
    expect(missingForSave({ template: basic, content: filled, media: [] })).toEqual([
      'at least one photo or video',
    ]);
  });

  it('needs alt text or the decorative choice on every item', () => {
    const blank = { words: { alt: ' ', decorative: false, caption: '' } };
    const decorative = { words: { alt: '', decorative: true, caption: '' } };
    expect(missingForSave({ template: basic, content: filled, media: [described, blank, blank] })).toEqual([
      'alt text (or the decorative choice) for 2 photos or videos',
    ]);
    expect(missingForSave({ template: basic, content: filled, media: [described, decorative] })).toEqual([]);
  });

  it('names blank required fields (whitespace counts as blank)', () => {
    expect(
      missingForSave({
        template: basic,
        content: { page_description: '   ', about_text: '' },
        media: [described, described],
      }),
    ).toEqual(['Our Mission', 'About Us']);
    expect(missingForSave({ template: basic, content: filled, media: [described] })).toEqual([]);
  });
});

describe('listInWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b'])).toBe('a and b');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('media', () => {
  const page = {
    media: [
      {
        id: 'm2',
        file_path: 'c/pages/p/2.jpg',
        media_type: 'image' as const,
        display_order: 2,
        file_size_bytes: 10,
        mime_type: 'image/jpeg',
      },
      {
        id: 'm1',
        file_path: 'c/pages/p/1.mp4',
        media_type: 'video' as const,
        display_order: 1,
        file_size_bytes: 10,
        mime_type: 'video/mp4',
      },
    ],
  };

  it('loads existing media in display order with their URLs', () => {
    const items = existingMediaItems(page, (path) => `/media/${path}`);
    expect(items.map((i) => [i.existingMediaId, i.type, i.preview, i.isExisting])).toEqual([
      ['m1', 'video', '/media/c/pages/p/1.mp4', true],
      ['m2', 'image', '/media/c/pages/p/2.jpg', true],
    ]);
  });

  it('sends kept items by id and new ones by key, in the form order, each with its words', () => {
    const items: FormMediaItem[] = [
      {
        id: 'new-1',
        type: 'image',
        preview: 'blob:1',
        isExisting: false,
        words: { alt: 'A garden', decorative: false, caption: 'Spring' },
      },
      {
        id: 'existing-m2',
        type: 'image',
        preview: '/m2',
        isExisting: true,
        existingMediaId: 'm2',
        words: { alt: 'ignored', decorative: true, caption: '' },
      },
    ];
    expect(mediaRefs(items, new Map([['new-1', 'c/pages/p/new.jpg']]))).toEqual([
      { key: 'c/pages/p/new.jpg', alt: 'A garden', decorative: false, caption: 'Spring' },
      { mediaId: 'm2', decorative: true, caption: '' },
    ]);
    expect(() => mediaRefs(items, new Map())).toThrow('has not been uploaded');
  });

  it('keeps chosen files under the cap and counts the rest', () => {
    expect(fitToCapacity(['a', 'b', 'c'], 8, 10)).toEqual({ accepted: ['a', 'b'], dropped: 1 });
    expect(fitToCapacity(['a'], 10, 10)).toEqual({ accepted: [], dropped: 1 });
    expect(fitToCapacity(['a'], 0, 10)).toEqual({ accepted: ['a'], dropped: 0 });
  });

  it('summarises media in words', () => {
    expect(mediaSummary(page.media)).toBe('1 photo and 1 video');
    expect(mediaSummary([{ media_type: 'image' }, { media_type: 'image' }])).toBe('2 photos');
    expect(mediaSummary([])).toBe('No media');
  });

  it('accepts images and MP4 videos in the chooser', () => {
    expect(acceptFor(['image', 'video'])).toBe('image/*,video/mp4');
    expect(acceptFor(['image'])).toBe('image/*');
  });
});

describe('stepIndex', () => {
  it('wraps round both ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});

describe('words and constants', () => {
  it('formats dates in en-GB and leaves non-dates alone', () => {
    expect(formatPageDate('2026-03-03T10:00:00.000Z', 'Europe/London')).toBe('3 March 2026');
    expect(formatPageDate('soon')).toBe('soon');
  });

  it('names templates by type', () => {
    const templates = PAGE_TEMPLATES.map((t) => ({ ...t, created_at: '', updated_at: '' }));
    expect(templateName(templates, 'multiple_tabs')).toBe('Multiple Tabs');
    expect(templateName(templates, 'unknown')).toBe('unknown');
  });

  it("uses the spec's alert wording and 3-second toast", () => {
    expect(SaveMessage.uploadFailed('Network error')).toBe('Upload failed: Network error');
    expect(SaveMessage.saveFailed('Nope')).toBe('Save failed: Nope');
    expect(SaveMessage.uploaded).toBe('Successfully uploaded!');
    expect(TOAST_MS).toBe(3000);
  });
});
