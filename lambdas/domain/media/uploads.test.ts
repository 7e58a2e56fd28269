import { fakeClock } from '../../../test/support/fakes';
import type { MediaStore } from '../../adapters/media-store';
import type { IssuedUpload } from '../../data/uploads';
import { ConflictError } from '../../lib/http-errors';
import {
  allInOrder,
  checkUpload,
  deleteFilesQuietly,
  finalKeyOf,
  incomingKey,
  saveWithUploads,
  type UploadDeps,
} from './uploads';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
const NOW = 1_000_000_000_000;
const NOW_SEC = NOW / 1000;

/** `objects` are the incoming uploads, by issued key; stored at `storedAt` (epoch ms) unless told otherwise. */
function fakes(objects: Record<string, Uint8Array>, issued: IssuedUpload[], storedAt = NOW - 1000) {
  const store = new Map<string, { bytes: Uint8Array; at: number }>(
    Object.entries(objects).map(([k, bytes]) => [incomingKey(k), { bytes, at: storedAt }]),
  );
  const deleted: string[] = [];
  const removed: string[] = [];
  const copies: string[] = [];
  const media: MediaStore = {
    presignPost: async () => ({ url: 'u', fields: {} }),
    stat: async (key) => {
      const o = store.get(key);
      return o ? { size: o.bytes.length, lastModified: new Date(o.at) } : null;
    },
    copyObject: async (from, to) => {
      const o = store.get(from);
      if (!o) return false;
      store.set(to, { bytes: o.bytes, at: NOW });
      copies.push(to);
      return true;
    },
    readStart: async (key, n) => (store.get(key)?.bytes ?? new Uint8Array()).subarray(0, n),
    deleteObject: async (key) => {
      if (key.includes('stuck')) throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
      store.delete(key);
      deleted.push(key);
    },
    deletePrefix: async () => 0,
  };
  const uploads: UploadDeps['uploads'] = {
    get: async (_u: string, key: string, now: number) =>
      issued.find((i) => i.key === key && i.expiresAt > now),
    remove: async (_u: string, key: string) => {
      removed.push(key);
    },
  };
  return {
    media,
    uploads,
    store,
    deleted,
    removed,
    copies,
    warn: () => undefined,
    clock: fakeClock(NOW),
  };
}

const key = (n: number) => `u/pages/p1/1700000000000_00000000000${n}.jpg`;

const issue = (k: string, over: Partial<IssuedUpload> = {}): IssuedUpload => ({
  key: k,
  purpose: 'page',
  content_type: 'image/jpeg',
  max_bytes: 100,
  page_id: 'p1',
  form_expires_at: NOW_SEC + 60,
  expiresAt: 2_000_000_000,
  ...over,
});

describe('finalKeyOf', () => {
  it('keeps the folder and layout and gives a fresh name each time', () => {
    const now = new Date(NOW);
    for (const k of [
      'u/pages/p1/1700000000000_0123456789ab.jpg',
      'u/profile_1700000000000_0123456789ab.jpg',
      'u/explore/e1/grid_1700000000000_0123456789ab.mp4',
      'u/explore/e1/feed_3_1700000000000_0123456789ab.jpg',
    ]) {
      const a = finalKeyOf(k, now);
      const prefix = k.slice(0, k.indexOf('1700000000000'));
      expect(a).toMatch(new RegExp(`^${prefix}${NOW}_[0-9a-f]{12}\\.${k.slice(-3)}$`));
      expect(finalKeyOf(k, now)).not.toBe(a);
    }
  });
});

describe('checkUpload', () => {
  it('copies an issued, stored object of the declared type and size to a final key of its own', async () => {
    const f = fakes({ [key(1)]: JPEG }, [issue(key(1))]);
    const checked = await checkUpload(f, 'u', key(1), { purpose: 'page', pageId: 'p1' });
    expect(checked).toEqual({
      key: expect.stringMatching(/^u\/pages\/p1\/\d+_[0-9a-f]{12}\.jpg$/),
      upload: key(1),
      mime_type: 'image/jpeg',
      media_type: 'image',
      file_size_bytes: 12,
    });
    expect(checked.key).not.toBe(key(1));
    expect(f.copies).toEqual([checked.key]);
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
    expect(f.copies).toEqual([]);
  });

  it('refuses an object stored after its form expired, and deletes it', async () => {
    const f = fakes({ [key(1)]: JPEG }, [issue(key(1), { form_expires_at: NOW_SEC - 1 })], NOW);
    await expect(checkUpload(f, 'u', key(1), { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    expect(f.copies).toEqual([]);
    expect(f.deleted).toEqual([incomingKey(key(1))]);
  });

  it('deletes an object whose bytes or size do not match, with its copy, and says so', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]);
    const f = fakes({ [key(1)]: png, [key(2)]: new Uint8Array(101).fill(0xff) }, [
      issue(key(1)),
      issue(key(2)),
      issue(key(3)),
    ]);
    for (const n of [1, 2])
      await expect(checkUpload(f, 'u', key(n), { purpose: 'page' })).rejects.toMatchObject({
        code: 'UPLOAD_MISMATCH',
      });
    await expect(checkUpload(f, 'u', key(3), { purpose: 'page' })).rejects.toMatchObject({
      code: 'UPLOAD_MISSING',
    });
    expect(f.store.size).toBe(0);
    expect(f.deleted.sort()).toEqual([...f.copies, incomingKey(key(1)), incomingKey(key(2))].sort());
    expect(f.removed).toEqual([key(1), key(2)]);
  });
});

describe('saveWithUploads', () => {
  const wanted = (...ns: number[]) => ns.map((n) => ({ key: key(n), expect: { purpose: 'page' as const } }));

  it('records the copies, then deletes the incoming objects', async () => {
    const f = fakes({ [key(1)]: JPEG, [key(2)]: JPEG }, [issue(key(1)), issue(key(2))]);
    const recorded = await saveWithUploads(f, 'u', wanted(1, 2), async (checked) =>
      checked.map((c) => c.key),
    );
    expect(recorded).toEqual(f.copies);
    expect([...f.store.keys()].sort()).toEqual([...recorded].sort());
  });

  it('deletes the copies when a check or the write refuses, and keeps them when the write may have committed', async () => {
    const f = fakes({ [key(1)]: JPEG }, [issue(key(1)), issue(key(2))]);
    await expect(saveWithUploads(f, 'u', wanted(1, 2), async () => 'x')).rejects.toMatchObject({
      code: 'UPLOAD_MISSING',
    });
    expect([...f.store.keys()]).toEqual([incomingKey(key(1))]);

    await expect(
      saveWithUploads(f, 'u', wanted(1), async () => {
        throw new ConflictError('changed');
      }),
    ).rejects.toThrow('changed');
    expect([...f.store.keys()]).toEqual([incomingKey(key(1))]);

    await expect(
      saveWithUploads(f, 'u', wanted(1), async () => {
        throw new Error('timeout');
      }),
    ).rejects.toThrow('timeout');
    expect(f.store.size).toBe(2);
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
