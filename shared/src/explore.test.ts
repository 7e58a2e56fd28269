import { exploreComplete } from './explore';

describe('explore rules', () => {
  const full = { short_description: 'Short', long_description: 'Long', hasGrid: true, feedCount: 1 };
  it('is complete only with both texts, a grid item and a feed item', () => {
    expect(exploreComplete(full)).toBe(true);
    expect(exploreComplete({ ...full, short_description: '  ' })).toBe(false);
    expect(exploreComplete({ ...full, long_description: '' })).toBe(false);
    expect(exploreComplete({ ...full, hasGrid: false })).toBe(false);
    expect(exploreComplete({ ...full, feedCount: 0 })).toBe(false);
  });
});
