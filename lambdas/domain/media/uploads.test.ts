import type { MediaStore } from '../../adapters/media-store';
import type { IssuedUpload, UploadData } from '../../data/uploads';
import { allInOrder, checkUpload, deleteFilesQuietly } from './uploads';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

function fakes(objects: Record<string, Uint8Array>, issued: IssuedUpload[]) {
  const deleted: string[] = [];
  const removed: string[] = [];
  const media: MediaStore = {
    presignPost: async () => ({ url: 'u', fields: {} }),
    size: async (key) => objects[key]?.length ?? null,
    readStart: async (key, n) => (objects[key] ?? new Uint8Array()).subarray(0, n),
    deleteObject: async (key) => {
      if (key.includes('stuck')) throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
      deleted.push(key);
    },
    deletePrefix: async () => 0,
  };
  const uploads = {
    get: async (_u: string, key: string, now: number) =>
      issued.find((i) => i.key === key && i.expiresAt > now),
    remove: async (_u: string, key: string) => {
      removed.push(key);
    },
  } as unknown as UploadData;
  return { media, uploads, deleted, removed, clock: { now: () => new Date(1_000_000_000_000) } };
}

const issue = (key: string, over: Partial<IssuedUpload> = {}): IssuedUpload => ({
  key,
  purpose: 'page',
  content_type: 'image/jpeg',
  max_bytes: 100,
  page_id: 'p1',
  expiresAt: 2_000_000_000,
  ...over,
});

describe('checkUpload', () => {
  it('accepts an issued, stored object of the declared type and size', async () => {
    const f = fakes({ 'u/pages/p1/a.jpg': JPEG }, [issue('u/pages/p1/a.jpg')]);
    await expect(checkUpload(f, 'u', 'u/pages/p1/a.jpg', { purpose: 'page', pageId: 'p1' })).resolves.toEqual(
      {
        key: 'u/pages/p1/a.jpg',
        mime_type: 'image/jpeg',
        media_type: 'image',
        file_size_bytes: 12,
      },
    );
  });

  it('refuses keys not issued, issued for another purpose or page, or expired', async () => {
    const f = fakes({ k: JPEG }, [issue('k', { expiresAt: 1 }), issue('other', { page_id: 'p2' })]);
    await expect(checkUpload(f, 'u', 'k', { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    await expect(checkUpload(f, 'u', 'other', { purpose: 'page', pageId: 'p1' })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    await expect(checkUpload(f, 'u', 'other', { purpose: 'explore-feed' })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
  });

  it('deletes an object whose bytes or size do not match, and says so', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]);
    const f = fakes({ a: png, b: new Uint8Array(101).fill(0xff) }, [issue('a'), issue('b'), issue('c')]);
    await expect(checkUpload(f, 'u', 'a', { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_MISMATCH',
    });
    await expect(checkUpload(f, 'u', 'b', { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_MISMATCH',
    });
    await expect(checkUpload(f, 'u', 'c', { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_MISSING',
    });
    expect(f.deleted).toEqual(['a', 'b']);
    expect(f.removed).toEqual(['a', 'b']);
  });
});

describe('deleteFilesQuietly', () => {
  it('logs files it cannot delete and never throws', async () => {
    const f = fakes({}, []);
    const warnings: unknown[] = [];
    const count = await deleteFilesQuietly(f.media, ['x', 'stuck-1', 'y'], (m, e) => warnings.push([m, e]));
    expect(count).toBe(2);
    expect(f.deleted.sort()).toEqual(['x', 'y']);
    expect(warnings).toEqual([['media file not deleted', { key: 'stuck-1', error: 'AccessDenied' }]]);
  });
});

describe('allInOrder', () => {
  it('reports the first failure in input order, whichever settles first', async () => {
    const late = new Promise<number>((_, reject) => setTimeout(() => reject(new Error('first')), 20));
    const early = Promise.reject(new Error('second'));
    await expect(allInOrder([Promise.resolve(1), late, early])).rejects.toThrow('first');
    await expect(allInOrder([Promise.resolve(1), Promise.resolve(2)])).resolves.toEqual([1, 2]);
  });
});
