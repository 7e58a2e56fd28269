import { needsRefresh } from './session-timing';

describe('needsRefresh', () => {
  const now = 1_800_000_000_000;
  it('refreshes when three 30 s ticks or fewer remain', () => {
    expect(needsRefresh(now / 1000 + 91, now)).toBe(false);
    expect(needsRefresh(now / 1000 + 90, now)).toBe(true);
    expect(needsRefresh(now / 1000 - 5, now)).toBe(true);
  });
  it('refreshes when the expiry is unknown', () => {
    expect(needsRefresh(undefined, now)).toBe(true);
  });
});
