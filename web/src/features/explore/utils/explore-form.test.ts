import type { ExplorePage } from '@shared/api/schemas/explore';
import { EXPLORE_FEED_MAX } from '@shared/explore';
import { MediaMessage } from '@shared/media';
import {
  activationGaps,
  addToFeed,
  changesOf,
  draftFromPage,
  type ExploreDraft,
  type FormMedia,
  fileProblem,
  joinList,
  mediaFromFile,
  moveItem,
  overallProgress,
  pageComplete,
  pendingUploads,
  remainingFeedSlots,
  replacedGridPath,
  saveBlocker,
  saveMediaRefs,
} from './explore-form';

const media = (id: string, order: number, type: 'image' | 'video' = 'image') => ({
  id,
  file_path: `c1/explore/p1/${order === 0 ? 'grid' : `feed_${order}`}_${id}.${type === 'image' ? 'jpg' : 'mp4'}`,
  media_type: type,
  display_order: order,
  file_size_bytes: 1000,
  mime_type: type === 'image' ? 'image/jpeg' : 'video/mp4',
  alt_text: `Picture ${id}`,
  decorative: false,
  caption: null,
});

const page = (over: Partial<ExplorePage> = {}): ExplorePage => ({
  id: 'p1',
  charity_id: 'c1',
  short_description: 'Warm meals',
  long_description: 'Every week we cook for our neighbours.',
  is_active: false,
  grid_media_id: 'g',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  grid: media('g', 0),
  feed: [media('f2', 2), media('f1', 1), media('f3', 3, 'video')],
  ...over,
});

const file = (name: string, type = 'image/png', size = 10) => ({ name, type, size }) as unknown as File;

const BASE = 'http://localhost:3000/media/';

describe('draftFromPage', () => {
  it('orders the feed by display_order and points previews at the media store', () => {
    const draft = draftFromPage(page(), BASE);
    expect(draft.feed.map((m) => m.existingMediaId)).toEqual(['f1', 'f2', 'f3']);
    expect(draft.feed[2]?.type).toBe('video');
    expect(draft.grid?.preview).toBe('http://localhost:3000/media/c1/explore/p1/grid_g.jpg');
    expect(draft.grid?.isExisting).toBe(true);
    expect(draft.shortDescription).toBe('Warm meals');
  });

  it('reads an empty page as an empty form', () => {
    const draft = draftFromPage(
      page({ short_description: '', long_description: '', grid: null, grid_media_id: null, feed: [] }),
      BASE,
    );
    expect(draft).toEqual({ shortDescription: '', longDescription: '', grid: null, feed: [] });
  });
});

describe('changesOf', () => {
  const saved = draftFromPage(page(), BASE);

  it('sees no change in the saved values', () => {
    expect(changesOf(saved, { ...saved, feed: [...saved.feed] }).any).toBe(false);
  });

  it('sees text changes, including whitespace', () => {
    expect(changesOf(saved, { ...saved, shortDescription: 'Warm meals ' }).text).toBe(true);
    expect(changesOf(saved, { ...saved, longDescription: 'x' }).any).toBe(true);
  });

  it('sees a new grid file', () => {
    const grid = mediaFromFile(file('a.png'), 'blob:1');
    const changes = changesOf(saved, { ...saved, grid });
    expect(changes).toMatchObject({ grid: true, any: true });
  });

  it('sees unsaved, removed and reordered feed items', () => {
    const added = mediaFromFile(file('b.png'), 'blob:2');
    expect(changesOf(saved, { ...saved, feed: [...saved.feed, added] })).toMatchObject({
      newFeed: 1,
      any: true,
    });
    expect(changesOf(saved, { ...saved, feed: saved.feed.slice(1) })).toMatchObject({
      removedFeed: 1,
      reordered: false,
      any: true,
    });
    const [first, ...rest] = saved.feed;
    const described = {
      ...(first as (typeof saved.feed)[number]),
      words: { alt: 'New words', decorative: false, caption: '' },
    };
    expect(changesOf(saved, { ...saved, feed: [described, ...rest] })).toMatchObject({
      words: true,
      any: true,
    });
    expect(changesOf(saved, { ...saved, feed: moveItem(saved.feed, 0, 2) })).toMatchObject({
      reordered: true,
      removedFeed: 0,
      any: true,
    });
  });
});

describe('feed limits', () => {
  it('drops files beyond the remaining slots silently', () => {
    const full = Array.from({ length: 18 }, (_, i) => i);
    expect(addToFeed(full, [100, 101, 102, 103])).toEqual([...full, 100, 101]);
    expect(
      addToFeed(
        [],
        Array.from({ length: 21 }, (_, i) => i),
      ),
    ).toHaveLength(EXPLORE_FEED_MAX);
    expect(
      addToFeed(
        Array.from({ length: 20 }, (_, i) => i),
        [1],
      ),
    ).toHaveLength(20);
  });

  it('counts the free slots', () => {
    const saved = draftFromPage(page(), BASE);
    expect(remainingFeedSlots(saved.feed)).toBe(17);
    expect(remainingFeedSlots(Array.from({ length: 25 }, () => saved.feed[0] as FormMedia))).toBe(0);
  });
});

describe('moveItem', () => {
  it('moves up and down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    const same = ['a', 'b'];
    expect(moveItem(same, 0, -1)).toBe(same);
    expect(moveItem(same, 5, 0)).toBe(same);
  });
});

describe('fileProblem', () => {
  it('takes any image and MP4 videos within the limit', () => {
    expect(fileProblem({ type: 'image/webp', size: 50 })).toBeNull();
    expect(fileProblem({ type: 'video/mp4', size: 50 })).toBeNull();
    expect(fileProblem({ type: 'video/quicktime', size: 50 })).toBe(MediaMessage.WrongType);
    expect(fileProblem({ type: 'application/pdf', size: 50 })).toBe(MediaMessage.WrongType);
    expect(fileProblem({ type: 'video/mp4', size: 101 * 1024 * 1024 })).toBe(MediaMessage.TooLarge);
  });
});

describe('saveBlocker', () => {
  const empty: ExploreDraft = { shortDescription: '', longDescription: '', grid: null, feed: [] };
  const item = {
    ...mediaFromFile(file('a.png'), 'blob:1'),
    words: { alt: 'A meal', decorative: false, caption: '' },
  };
  it('names what a save still needs', () => {
    expect(saveBlocker(empty)).toBe(
      'To save, add a grid image or video, at least one feed image or video, a short description and a detailed description.',
    );
    expect(saveBlocker({ ...empty, shortDescription: '  ', longDescription: 'Story', grid: item })).toBe(
      'To save, add at least one feed image or video and a short description.',
    );
    expect(saveBlocker({ shortDescription: 'a', longDescription: 'b', grid: null, feed: [item] })).toBe(
      'To save, add a grid image or video.',
    );
  });

  it('waits for alt text or the decorative choice on each item', () => {
    const blank = mediaFromFile(file('b.png'), 'blob:2');
    expect(saveBlocker({ shortDescription: 'a', longDescription: 'b', grid: item, feed: [blank] })).toBe(
      'To save, add alt text (or the decorative choice) for 1 photo or video.',
    );
    const decorative = { ...blank, words: { ...blank.words, decorative: true } };
    expect(
      saveBlocker({ shortDescription: 'a', longDescription: 'b', grid: item, feed: [decorative] }),
    ).toBeNull();
  });

  it('lets a page with grid and feed media and both texts be saved', () => {
    expect(saveBlocker({ shortDescription: 'a', longDescription: 'b', grid: item, feed: [item] })).toBeNull();
  });
});

describe('activation', () => {
  it('needs both texts, a grid item and a feed item', () => {
    expect(pageComplete(page())).toBe(true);
    expect(activationGaps(page())).toEqual([]);
    expect(pageComplete(page({ feed: [] }))).toBe(false);
    expect(activationGaps(page({ grid: null, short_description: ' ' }))).toEqual([
      'a short description',
      'a grid image or video',
    ]);
  });

  it('joins lists in plain English', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['a'])).toBe('a');
    expect(joinList(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('saving', () => {
  const saved = draftFromPage(page(), BASE);

  it('uploads new feed items at their place in the feed being saved', () => {
    const a = {
      ...mediaFromFile(file('a.png'), 'blob:a'),
      words: { alt: 'A', decorative: false, caption: '' },
    };
    const b = {
      ...mediaFromFile(file('b.mp4', 'video/mp4'), 'blob:b'),
      words: { alt: '', decorative: true, caption: 'Cooking' },
    };
    const draft = { ...saved, feed: [a, ...saved.feed.slice(1), b] };
    expect(pendingUploads(draft).map(({ item, position }) => [item.id, position])).toEqual([
      [a.id, 1],
      [b.id, 4],
    ]);
    expect(b.type).toBe('video');
    const refs = saveMediaRefs(
      draft,
      new Map([
        [a.id, 'k/a'],
        [b.id, 'k/b'],
      ]),
    );
    expect(refs).toEqual({
      grid: { mediaId: 'g', alt: 'Picture g', decorative: false, caption: '' },
      feed: [
        { key: 'k/a', alt: 'A', decorative: false, caption: '' },
        { mediaId: 'f2', alt: 'Picture f2', decorative: false, caption: '' },
        { mediaId: 'f3', alt: 'Picture f3', decorative: false, caption: '' },
        { key: 'k/b', decorative: true, caption: 'Cooking' },
      ],
    });
    expect(() => saveMediaRefs(draft, new Map())).toThrow();
  });

  it('names the replaced grid file only when the grid changes', () => {
    expect(replacedGridPath(saved, saved)).toBeNull();
    const grid = mediaFromFile(file('g.png'), 'blob:g');
    expect(replacedGridPath(saved, { ...saved, grid })).toBe('c1/explore/p1/grid_g.jpg');
    const none = draftFromPage(page({ grid: null }), BASE);
    expect(replacedGridPath(none, { ...none, grid })).toBeNull();
  });

  it('reports overall progress', () => {
    expect(overallProgress(0, 0, 4)).toBe(0);
    expect(overallProgress(1, 0.5, 4)).toBe(0.375);
    expect(overallProgress(4, 1, 4)).toBe(1);
    expect(overallProgress(0, 0, 0)).toBe(1);
  });
});
