import {
  calculateReinvestment,
  countUpFrames,
  formatPounds,
  formatShare,
  SHARE_OPTIONS,
  UK_DONATIONS_2024,
} from './reinvestment';

describe('calculateReinvestment (spec section 9)', () => {
  it('offers the five shares of UK giving', () => {
    expect(SHARE_OPTIONS).toEqual([0.5, 1, 2, 5, 10]);
    expect(UK_DONATIONS_2024).toBe(15.4e9);
  });

  it.each([
    // share, annual reinvestment, donor contribution, bar width
    [0.5, '£3.9M', '£77.0M', 5],
    [1, '£7.7M', '£154.0M', 10],
    [2, '£15.4M', '£308.0M', 20],
    [5, '£38.5M', '£770.0M', 50],
    [10, '£77.0M', '£1.5B', 100],
  ])(
    'at %p%% reinvests %s a year, adds %s, fills %p%% of the bar',
    (share, reinvestment, contribution, bar) => {
      const result = calculateReinvestment(share);
      expect(formatPounds(result.annualReinvestment)).toBe(reinvestment);
      expect(formatPounds(result.donorContribution)).toBe(contribution);
      expect(result.barPercent).toBe(bar);
    },
  );

  it('follows base × share × 0.1 × 0.5 and base × share exactly', () => {
    const { annualReinvestment, donorContribution } = calculateReinvestment(1);
    expect(donorContribution).toBe(154_000_000);
    expect(annualReinvestment).toBeCloseTo(7_700_000, 6);
  });

  it('caps the bar at 100%', () => {
    expect(calculateReinvestment(12).barPercent).toBe(100);
  });
});

describe('formatPounds', () => {
  it.each([
    [1_540_000_000, '£1.5B'],
    [1_000_000_000, '£1.0B'],
    [999_999, '£1000K'],
    [77_000_000, '£77.0M'],
    [1_000_000, '£1.0M'],
    [12_345, '£12K'],
    [1_000, '£1K'],
    [999, '£999'],
    [42.4, '£42'],
    [0, '£0'],
  ])('%p -> %s', (value, text) => {
    expect(formatPounds(value)).toBe(text);
  });

  it('writes shares with a percent sign', () => {
    expect(SHARE_OPTIONS.map(formatShare)).toEqual(['0.5%', '1%', '2%', '5%', '10%']);
  });
});

describe('countUpFrames', () => {
  it('rises from near 0 to exactly the target in 60 steps', () => {
    const frames = countUpFrames(7_700_000);
    expect(frames).toHaveLength(60);
    expect(frames[0]).toBeCloseTo(7_700_000 / 60);
    expect(frames.at(-1)).toBe(7_700_000);
    expect(frames.every((value, i) => i === 0 || value >= (frames[i - 1] ?? 0))).toBe(true);
  });
});
