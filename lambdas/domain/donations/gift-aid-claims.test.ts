import { donationRoutes } from '@shared/api/route-groups/donations';
import { STALE_BUILDING_MS, windowSlices } from './gift-aid-claims';

describe('reading a period in slices', () => {
  it('cuts the window into slices that neither overlap nor leave a gap', () => {
    const window = { fromIso: '2025-01-01T00:00:00.000Z', toIso: '2025-12-31T23:59:59.999Z' };
    const slices = windowSlices(window, 6);
    expect(slices).toHaveLength(6);
    expect(slices[0]?.fromIso).toBe(window.fromIso);
    expect(slices.at(-1)?.toIso).toBe(window.toIso);
    for (const [i, s] of slices.entries()) {
      expect(s.fromIso <= s.toIso).toBe(true);
      const next = slices[i + 1];
      if (next) expect(Date.parse(next.fromIso) - Date.parse(s.toIso)).toBe(1);
    }
  });

  it('a window shorter than the slices gives fewer, never an empty or reversed one', () => {
    const window = { fromIso: '2025-01-01T00:00:00.000Z', toIso: '2025-01-01T00:00:00.002Z' };
    const slices = windowSlices(window, 6);
    expect(slices.map((s) => [s.fromIso.slice(20), s.toIso.slice(20)])).toEqual([
      ['000Z', '000Z'],
      ['001Z', '001Z'],
      ['002Z', '002Z'],
    ]);
  });
});

describe('a claim left building', () => {
  it('is stale only well after its function must have stopped', () => {
    const timeout = donationRoutes['create-gift-aid-claim'].timeoutSeconds ?? 10;
    expect(STALE_BUILDING_MS).toBeGreaterThanOrEqual(timeout * 1000 * 5);
  });
});
