import { fakeClock, fakeTxItem } from '../../../test/support/fakes';
import type { MediaStore } from '../../adapters/media-store';
import type { PageMediaRecord } from '../../data/pages';
import type { TxItem } from '../../data/table';
import type { IssuedUpload } from '../../data/uploads';
import { ValidationError } from '../../lib/http-errors';
import { checkAppearsOnce, droppedFiles, planMediaList, saveMediaList } from './media-list';
import { incomingKey } from './uploads';

/** The media-list pipeline main pages and the explore page share, with in-memory fakes of S3 and the grants. */
const NOW = 1_000_000_000_000;
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
const newKey = 'u/pages/p1/1700000000000_000000000001.jpg';

const stored = (id: string, order: number): PageMediaRecord => ({
  id,
  page_id: 'p1',
  file_path: `u/pages/p1/${id}.jpg`,
  media_type: 'image',
  display_order: order,
  file_size_bytes: 10,
  mime_type: 'image/jpeg',
  alt_text: `Photo ${id}`,
  decorative: false,
  caption: null,
});

const plan = (refs: Parameters<typeof checkAppearsOnce>[0], before: PageMediaRecord[], firstOrder = 1) =>
  planMediaList<PageMediaRecord>({
    refs,
    before,
    firstOrder,
    owner: { page_id: 'p1' },
    upload: (i) => ({ expect: { purpose: 'page', pageId: 'p1' }, field: `media.${i}` }),
    notKept: (i) => new ValidationError('not found', `media.${i}`),
    mayKeep: (kept, i) => !(i === 0 && kept.id === 'never-first'),
    field: (i) => `media.${i}`,
  });

function fakes() {
  const store = new Map<string, Uint8Array>([[incomingKey(newKey), JPEG]]);
  const deleted: string[] = [];
  const media: MediaStore = {
    presignPost: async () => ({ url: 'u', fields: {} }),
    stat: async (key) => {
      const o = store.get(key);
      return o ? { size: o.length, lastModified: new Date(NOW - 1000) } : null;
    },
    copyObject: async (from, to) => {
      const o = store.get(from);
      if (o) store.set(to, o);
      return Boolean(o);
    },
    readStart: async (key, n) => (store.get(key) ?? new Uint8Array()).subarray(0, n),
    deleteObject: async (key) => {
      store.delete(key);
      deleted.push(key);
    },
    deletePrefix: async () => 0,
  };
  const issued: IssuedUpload = {
    key: newKey,
    purpose: 'page',
    content_type: 'image/jpeg',
    max_bytes: 100,
    page_id: 'p1',
    form_expires_at: NOW / 1000 + 60,
    expiresAt: 2_000_000_000,
  };
  const consumed: string[] = [];
  const uploads: Parameters<typeof saveMediaList>[0]['uploads'] = {
    get: async (_u: string, key: string) => (key === newKey ? issued : undefined),
    remove: async () => undefined,
    consume: (_u: string, key: string) => {
      consumed.push(key);
      return fakeTxItem(key);
    },
  };
  return { media, uploads, deleted, consumed, warn: () => undefined, clock: fakeClock(NOW) };
}

describe('checkAppearsOnce', () => {
  it('refuses the same upload or stored item twice, naming the field given', () => {
    expect(() => checkAppearsOnce([{ key: 'a' }, { mediaId: 'a' }], 'media')).not.toThrow();
    for (const refs of [
      [{ key: 'a' }, { key: 'a' }],
      [{ mediaId: 'm' }, { mediaId: 'm' }],
    ]) {
      expect(() => checkAppearsOnce(refs, 'feed')).toThrow(
        expect.objectContaining({ message: 'Each media item can appear only once.', field: 'feed' }),
      );
    }
  });
});

describe('planMediaList', () => {
  it('refuses a kept item that is not stored, or not allowed at its position', () => {
    expect(() => plan([{ mediaId: 'gone' }], [stored('m1', 1)])).toThrow(
      expect.objectContaining({ field: 'media.0' }),
    );
    expect(() =>
      plan([{ key: newKey, alt: 'New photo' }, { mediaId: 'never-first' }], [stored('never-first', 1)]),
    ).not.toThrow();
    expect(() => plan([{ mediaId: 'never-first' }], [stored('never-first', 1)])).toThrow(
      expect.objectContaining({ field: 'media.0' }),
    );
  });

  it('names the new uploads with their field, and orders kept and new items from the first order', () => {
    const p = plan(
      [{ mediaId: 'm2' }, { key: newKey, alt: 'New photo' }, { mediaId: 'm1' }],
      [stored('m1', 1), stored('m2', 2)],
      0,
    );
    expect(p.wanted).toEqual([
      {
        key: newKey,
        expect: { purpose: 'page', pageId: 'p1', contentTypes: ['image/jpeg', 'video/mp4'] },
        field: 'media.1',
      },
    ]);
    const records = p.records([
      { key: 'final.jpg', upload: newKey, mime_type: 'image/jpeg', media_type: 'image', file_size_bytes: 12 },
    ]);
    expect(records.map((r) => [r.id === 'm1' || r.id === 'm2' ? r.id : 'new', r.display_order])).toEqual([
      ['m2', 0],
      ['new', 1],
      ['m1', 2],
    ]);
    expect(records[1]).toMatchObject({ page_id: 'p1', file_path: 'final.jpg', file_size_bytes: 12 });
  });
});

describe('caption files of videos', () => {
  const video = (id: string, order: number, captionFile?: string): PageMediaRecord => ({
    ...stored(id, order),
    file_path: `u/pages/p1/${id}.mp4`,
    media_type: 'video',
    mime_type: 'video/mp4',
    ...(captionFile ? { caption_file_path: captionFile } : {}),
  });
  const vttKey = 'u/pages/p1/1700000000000_000000000002.vtt';

  it('asks for the caption file as a text/vtt upload naming its item, and records it on the video', () => {
    const p = plan([{ mediaId: 'v1', captionFile: vttKey }], [video('v1', 1, 'u/pages/p1/old.vtt')]);
    expect(p.wanted).toEqual([
      {
        key: vttKey,
        expect: { purpose: 'page', pageId: 'p1', contentTypes: ['text/vtt'] },
        field: 'media.0.captionFile',
      },
    ]);
    const [record] = p.records([
      { key: 'final.vtt', upload: vttKey, mime_type: 'text/vtt', media_type: null, file_size_bytes: 40 },
    ]);
    expect(record).toMatchObject({ id: 'v1', caption_file_path: 'final.vtt' });
  });

  it('refuses a caption file on a kept photo, keeps a stored one unless told, and removes it on null', () => {
    expect(() => plan([{ mediaId: 'm1', captionFile: vttKey }], [stored('m1', 1)])).toThrow(
      expect.objectContaining({ field: 'media.0.captionFile' }),
    );
    const before = [video('v1', 1, 'u/pages/p1/old.vtt')];
    expect(plan([{ mediaId: 'v1' }], before).records([])[0]?.caption_file_path).toBe('u/pages/p1/old.vtt');
    expect(
      plan([{ mediaId: 'v1', captionFile: null }], before).records([])[0]?.caption_file_path,
    ).toBeUndefined();
  });

  it('drops a caption file with its video, and a replaced one', () => {
    const before = [video('v1', 1, 'u/pages/p1/a.vtt'), video('v2', 2, 'u/pages/p1/b.vtt')];
    const after = [{ ...video('v1', 1), caption_file_path: 'u/pages/p1/c.vtt' }];
    expect(droppedFiles(before, after).sort()).toEqual([
      'u/pages/p1/a.vtt',
      'u/pages/p1/b.vtt',
      'u/pages/p1/v2.mp4',
    ]);
  });
});

describe('the words of each item', () => {
  const checked = [
    { key: 'final.jpg', upload: newKey, mime_type: 'image/jpeg', media_type: 'image', file_size_bytes: 12 },
  ] as const;

  it('refuses a new item without alt text unless it is decorative, naming its field', () => {
    expect(() => plan([{ mediaId: 'm1' }, { key: newKey }], [stored('m1', 1)])).toThrow(
      expect.objectContaining({ field: 'media.1.alt', message: expect.stringContaining('alt text') }),
    );
    expect(() => plan([{ key: newKey, alt: '   ' }], [])).toThrow(
      expect.objectContaining({ field: 'media.0.alt' }),
    );
    const records = plan(
      [{ key: newKey, decorative: true, alt: 'ignored', caption: '  Our garden  ' }],
      [],
    ).records([...checked]);
    expect(records[0]).toMatchObject({ alt_text: null, decorative: true, caption: 'Our garden' });
  });

  it('refuses control characters and overlong words', () => {
    expect(() => plan([{ key: newKey, alt: 'two\nlines' }], [])).toThrow(
      expect.objectContaining({ field: 'media.0.alt' }),
    );
    expect(() => plan([{ key: newKey, alt: 'ok', caption: 'tab\there' }], [])).toThrow(
      expect.objectContaining({ field: 'media.0.caption' }),
    );
    expect(() => plan([{ key: newKey, alt: 'x'.repeat(251) }], [])).toThrow(
      expect.objectContaining({ field: 'media.0.alt' }),
    );
    expect(() => plan([{ key: newKey, alt: 'ok', caption: 'x'.repeat(301) }], [])).toThrow(
      expect.objectContaining({ field: 'media.0.caption' }),
    );
  });

  it('keeps stored words unless new ones are given; an old record without words needs alt text', () => {
    const p = plan(
      [{ mediaId: 'm1' }, { mediaId: 'm2', alt: ' Volunteers ' }],
      [stored('m1', 1), stored('m2', 2)],
    );
    expect(p.records([]).map((r) => r.alt_text)).toEqual(['Photo m1', 'Volunteers']);
    const { alt_text: _a, decorative: _d, caption: _c, ...old } = stored('old', 1);
    expect(() => plan([{ mediaId: 'old' }], [old])).toThrow(
      expect.objectContaining({ field: 'media.0.alt' }),
    );
    expect(plan([{ mediaId: 'old', alt: 'Now described' }], [old]).records([])[0]).toMatchObject({
      alt_text: 'Now described',
      decorative: false,
      caption: null,
    });
  });
});

describe('droppedFiles', () => {
  it('lists the stored files the saved list no longer names', () => {
    expect(droppedFiles([stored('a', 1), stored('b', 2)], [stored('b', 1)])).toEqual(['u/pages/p1/a.jpg']);
  });
});

describe('saveMediaList', () => {
  it('writes the records with the grants consumed, then deletes the incoming object and dropped files', async () => {
    const deps = fakes();
    const written: { media: PageMediaRecord[]; consume: TxItem[] }[] = [];
    const media = await saveMediaList(
      deps,
      'u',
      plan([{ mediaId: 'm2' }, { key: newKey, alt: 'New photo' }], [stored('m1', 1), stored('m2', 2)]),
      async (m, consume) => {
        written.push({ media: m, consume });
      },
    );
    expect(media.map((m) => m.display_order)).toEqual([1, 2]);
    expect(written).toHaveLength(1);
    expect(deps.consumed).toEqual([newKey]);
    expect(deps.deleted).toEqual(expect.arrayContaining([incomingKey(newKey), 'u/pages/p1/m1.jpg']));
    expect(deps.deleted).not.toContain('u/pages/p1/m2.jpg');
  });

  it('keeps every stored file when the write refuses', async () => {
    const deps = fakes();
    await expect(
      saveMediaList(deps, 'u', plan([{ key: newKey, alt: 'New photo' }], [stored('m1', 1)]), async () => {
        throw new ValidationError('refused', 'media');
      }),
    ).rejects.toThrow('refused');
    expect(deps.deleted).not.toContain('u/pages/p1/m1.jpg');
  });
});
