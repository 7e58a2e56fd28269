import { fakeClock, fakeTxItem } from '../../../test/support/fakes';
import type { CharityProfile } from '../../data/charities';
import { type PageWithMedia, PageWriteError } from '../../data/pages';
import type { TxItem } from '../../data/table';
import type { CheckedUpload } from '../media/uploads';
import { createPage, type PageDeps, setLivePage } from './pages';

/**
 * Set-live retries with fake ports and a fake clock: a write refused because the live page changed meanwhile is
 * retried on fresh reads; a create that loses the race to go live is saved as a draft. No real waits.
 */
jest.mock('../media/uploads', () => ({
  ...jest.requireActual('../media/uploads'),
  // Uploads are checked elsewhere (uploads.test.ts): here each named key is taken as checked.
  saveWithUploads: async (
    _deps: unknown,
    _userId: string,
    wanted: { key: string }[],
    write: (checked: CheckedUpload[]) => Promise<unknown>,
  ) =>
    write(
      wanted.map((w) => ({
        key: `${w.key}.final`,
        upload: w.key,
        mime_type: 'image/jpeg',
        media_type: 'image',
        file_size_bytes: 10,
      })),
    ),
}));

const page = (id: string, isLive: boolean): PageWithMedia => ({
  id,
  charity_id: 'u1',
  name: id,
  template_type: 'basic',
  content: {},
  is_live: isLive,
  version: 1,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  media: [],
});

function world(liveAtStart: string | null) {
  const profile = { id: 'u1', live_page_id: liveAtStart } as CharityProfile;
  const pages = new Map([
    ['p1', page('p1', liveAtStart === 'p1')],
    ['p2', page('p2', liveAtStart === 'p2')],
  ]);
  /** Refusals still to come: each models a parallel request that changed the live page first. */
  let refusals = 0;
  const calls: { setLive: (string | null)[]; create: boolean[] } = { setLive: [], create: [] };
  const pageData: Parameters<typeof createPage>[0]['pages'] & Parameters<typeof setLivePage>[0]['pages'] = {
    get: async (_u: string, id: string) => pages.get(id),
    async setLive(_u: string, id: string, liveNow: string | null) {
      calls.setLive.push(liveNow);
      if (refusals > 0) {
        refusals--;
        // Another request made p2 live meanwhile.
        profile.live_page_id = 'p2';
        throw new PageWriteError('live-changed');
      }
      if (profile.live_page_id !== liveNow) throw new PageWriteError('live-changed');
      profile.live_page_id = id;
    },
    async create(input: { goLive: boolean; consume: TxItem[] }) {
      calls.create.push(input.goLive);
      if (input.goLive && refusals > 0) {
        refusals--;
        profile.live_page_id = 'p2';
        throw new PageWriteError('live-changed');
      }
      if (input.goLive) profile.live_page_id = 'new';
    },
  };
  const deps: Omit<PageDeps, 'pages'> & { pages: typeof pageData } = {
    pages: pageData,
    templates: {
      list: async () => [
        {
          template_type: 'basic',
          display_name: 'Basic',
          description: 'A test template',
          component_name: 'BasicTemplate',
          is_active: true,
          max_media_files: 5,
          allowed_media_types: ['image'],
          field_schema: { field_definitions: {}, required_fields: [], optional_fields: [] },
          created_at: '2026-11-24T10:00:00.000Z',
          updated_at: '2026-11-24T10:00:00.000Z',
        },
      ],
    },
    charities: { getProfile: async () => ({ ...profile }) },
    // Uploads are taken as checked (saveWithUploads above): only their grants are consumed.
    uploads: {
      get: async () => undefined,
      remove: async () => undefined,
      consume: (_u: string, key: string) => fakeTxItem(key),
    },
    media: {} as PageDeps['media'],
    clock: fakeClock('2026-11-24T10:00:00Z'),
    warn: () => undefined,
  };
  return {
    deps,
    profile,
    calls,
    refuse: (n: number) => {
      refusals = n;
    },
  };
}

describe('setLivePage', () => {
  it('retries on fresh reads when the live page changed meanwhile', async () => {
    const w = world('p2');
    w.refuse(3);
    await expect(setLivePage(w.deps, 'u1', 'p1')).resolves.toEqual({ success: true, live_page_id: 'p1' });
    expect(w.calls.setLive).toEqual(['p2', 'p2', 'p2', 'p2']);
    expect(w.profile.live_page_id).toBe('p1');
  });

  it('gives up with PAGE_CHANGED after its retries', async () => {
    const w = world(null);
    w.refuse(100);
    await expect(setLivePage(w.deps, 'u1', 'p1')).rejects.toMatchObject({ code: 'PAGE_CHANGED' });
    expect(w.calls.setLive).toHaveLength(9);
  });

  it('is idempotent for the live page (no write)', async () => {
    const w = world('p1');
    await expect(setLivePage(w.deps, 'u1', 'p1')).resolves.toEqual({ success: true, live_page_id: 'p1' });
    expect(w.calls.setLive).toEqual([]);
  });
});

describe('createPage', () => {
  const input = {
    name: 'Our story',
    template_type: 'basic',
    content: {},
    media: [{ key: 'u1/pages/p9/1700000000000_000000000001.jpg', alt: 'Volunteers' }],
    pageId: 'p9',
  } as Parameters<typeof createPage>[2];

  it('goes live when the charity has no live page', async () => {
    const w = world(null);
    const res = await createPage(w.deps, 'u1', input);
    expect(res.page).toMatchObject({ id: 'p9', is_live: true, media: [{ display_order: 1 }] });
    expect(w.calls.create).toEqual([true]);
  });

  it('is saved as a draft when another page went live in the meantime', async () => {
    const w = world(null);
    w.refuse(1);
    const res = await createPage(w.deps, 'u1', input);
    expect(res.page).toMatchObject({ id: 'p9', is_live: false });
    expect(w.calls.create).toEqual([true, false]);
    expect(w.profile.live_page_id).toBe('p2');
  });
});
