import type { Post } from '@shared/api/schemas/posts';
import { SAMPLE_CHARITIES } from '../data/sample-charities';
import {
  explainerFor,
  LARGE_FEED_POSTS,
  largeFeedPlan,
  previewItems,
  previewPosts,
  SWIPE_THRESHOLD_PX,
  stepSlide,
  swipeTarget,
  VIEW_HIGHLIGHT_MS,
} from './preview';

describe('explore preview rules', () => {
  it('shows the first six feed items and counts the rest', () => {
    const feed = Array.from({ length: 9 }, (_, i) => i);
    expect(previewItems(feed)).toEqual({ shown: [0, 1, 2, 3, 4, 5], more: 3 });
    expect(previewItems([1, 2])).toEqual({ shown: [1, 2], more: 0 });
  });

  it('swipes only past 50 px, wrapping round', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeTarget(0, 3, -49)).toBe(0);
    expect(swipeTarget(0, 3, -50)).toBe(1);
    expect(swipeTarget(2, 3, -80)).toBe(0);
    expect(swipeTarget(0, 3, 50)).toBe(2);
    expect(swipeTarget(0, 1, -200)).toBe(0);
  });

  it('steps with the buttons', () => {
    expect(stepSlide(0, 3, 1)).toBe(1);
    expect(stepSlide(0, 3, -1)).toBe(2);
    expect(stepSlide(0, 0, 1)).toBe(0);
  });

  it('highlights the matching explainer card for 600 ms', () => {
    expect(VIEW_HIGHLIGHT_MS).toBe(600);
    expect(explainerFor('grid')).toBe('grid');
    expect(explainerFor('feed-compact')).toBe('feed');
    expect(explainerFor('feed-large')).toBe('feed');
  });

  it('has fifteen sample charities with distinct names', () => {
    expect(SAMPLE_CHARITIES).toHaveLength(15);
    expect(new Set(SAMPLE_CHARITIES.map((c) => c.name)).size).toBe(15);
    for (const c of SAMPLE_CHARITIES) {
      expect(c.shortDescription.length).toBeLessThanOrEqual(50);
      expect(c.longDescription.length).toBeLessThanOrEqual(1000);
    }
  });
});

describe('posts in the explore preview (decision 20.30)', () => {
  const post = (n: number, over: Partial<Post> = {}): Post => ({
    id: `p${n}`,
    type: 'story',
    status: 'published',
    title: `Story ${n}`,
    text: `Text ${n}`,
    media: [],
    starts_at: null,
    ends_at: null,
    online: false,
    place: '',
    link: '',
    scheduled_for: null,
    published_at: `2026-03-0${n}T09:00:00.000Z`,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    version: 1,
    ...over,
  });

  it('shows published posts newest first, at most six, each with its first picture', () => {
    const photo = post(2, {
      type: 'photo',
      media: [
        {
          id: 'm1',
          file_path: 'c1/posts/a.jpg',
          media_type: 'image',
          display_order: 0,
          file_size_bytes: 10,
          mime_type: 'image/jpeg',
          alt_text: 'Volunteers packing boxes',
        },
      ],
    });
    const shown = previewPosts(
      [post(1), photo, post(3, { status: 'draft' }), post(4), post(5), post(6), post(7), post(8)],
      'https://media.example',
    );
    expect(shown.map((p) => p.id)).toEqual(['p8', 'p7', 'p6', 'p5', 'p4', 'p2']);
    const picture = shown.find((p) => p.id === 'p2')?.picture;
    expect(picture?.preview).toBe('https://media.example/c1/posts/a.jpg');
    expect(picture?.words.alt).toBe('Volunteers packing boxes');
    expect(shown.find((p) => p.id === 'p8')?.picture).toBeNull();
  });

  it("fills the large feed's six with the charity's card, its posts, then samples", () => {
    expect(largeFeedPlan([])).toEqual({ posts: [], samples: LARGE_FEED_POSTS - 1 });
    expect(largeFeedPlan(['a', 'b'])).toEqual({ posts: ['a', 'b'], samples: LARGE_FEED_POSTS - 3 });
    expect(largeFeedPlan(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      posts: ['a', 'b', 'c', 'd', 'e'],
      samples: 0,
    });
  });
});
