import { finderParams, pagesShown, readFinderParams } from './finder-url';

describe('finder address', () => {
  it('reads the query, page and open charity', () => {
    expect(readFinderParams(new URLSearchParams('q=owls&type=name&page=3&charity=1123456'))).toEqual({
      q: 'owls',
      page: 3,
      charity: '1123456',
    });
    expect(readFinderParams(new URLSearchParams('q=%20owls%20&page=x'))).toEqual({
      q: 'owls',
      page: 1,
      charity: null,
    });
  });

  it('writes only what differs from a fresh search', () => {
    expect(finderParams({ q: 'owls', type: 'name', page: 1 }).toString()).toBe('q=owls&type=name');
    expect(finderParams({ q: 'owls', page: 2, charity: '42' }).toString()).toBe('q=owls&page=2&charity=42');
    expect(finderParams({ q: '' }).toString()).toBe('');
  });

  it('counts pages shown', () => {
    expect(pagesShown(0)).toBe(1);
    expect(pagesShown(15)).toBe(1);
    expect(pagesShown(16)).toBe(2);
  });
});
