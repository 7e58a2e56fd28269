import { RESULTS_PAGE_SIZE } from '@shared/register';
import { firstPageCount, hasMore, nextPageCount } from './pagination';

describe('pagination', () => {
  it('shows the first 15, or all when fewer', () => {
    expect(RESULTS_PAGE_SIZE).toBe(15);
    expect(firstPageCount(0)).toBe(0);
    expect(firstPageCount(4)).toBe(4);
    expect(firstPageCount(15)).toBe(15);
    expect(firstPageCount(36)).toBe(15);
    expect(firstPageCount(150)).toBe(15);
  });

  it('adds 15 per "Load More Charities", never past the total', () => {
    expect(nextPageCount(15, 36)).toBe(30);
    expect(nextPageCount(30, 36)).toBe(36);
    expect(nextPageCount(36, 36)).toBe(36);
    expect(nextPageCount(135, 150)).toBe(150);
  });

  it('offers more only while some are hidden', () => {
    expect(hasMore(15, 36)).toBe(true);
    expect(hasMore(36, 36)).toBe(false);
    expect(hasMore(15, 15)).toBe(false);
    expect(hasMore(0, 0)).toBe(false);
  });

  it('pages through 150 results in 10 steps', () => {
    let visible = firstPageCount(150);
    let clicks = 0;
    while (hasMore(visible, 150)) {
      visible = nextPageCount(visible, 150);
      clicks += 1;
    }
    expect({ visible, clicks }).toEqual({ visible: 150, clicks: 9 });
  });
});
