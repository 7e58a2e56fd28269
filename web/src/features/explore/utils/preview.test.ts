import { SAMPLE_CHARITIES } from '../data/sample-charities';
import {
  explainerFor,
  previewItems,
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
