/**
 * The reinvestment calculator's maths (spec, section 9): if Kindred carried a given share of UK giving,
 * what would 10% of its profits put back into small charities?
 */

/** UK charitable donations in 2024, in pounds. */
export const UK_DONATIONS_2024 = 15_400_000_000;
/** Average voluntary tip, as a share of the donation's value. */
export const AVERAGE_CONTRIBUTION = 0.1;
/** Profit margin on tips. */
export const PROFIT_MARGIN = 0.5;
/** The selectable shares of UK giving, in percent. */
export const SHARE_OPTIONS = [0.5, 1, 2, 5, 10] as const;
export type SharePercent = (typeof SHARE_OPTIONS)[number];

export interface Reinvestment {
  /** Pounds reinvested in small charities each year: base × share × 0.1 × 0.5. */
  annualReinvestment: number;
  /** Additional donor contribution, in pounds: base × share. */
  donorContribution: number;
  /** Width of the progress bar, in percent: share × 10, at most 100. */
  barPercent: number;
}

export function calculateReinvestment(sharePercent: number, base = UK_DONATIONS_2024): Reinvestment {
  // Work in percent and divide once, so 0.5% of £15.4bn is exactly £77m (no 0.005 rounding drift).
  const donorContribution = (base * sharePercent) / 100;
  return {
    annualReinvestment: donorContribution * AVERAGE_CONTRIBUTION * PROFIT_MARGIN,
    donorContribution,
    barPercent: Math.min(sharePercent * 10, 100),
  };
}

/** £xB with one decimal, £xM with one decimal, £xK with none, otherwise plain pounds. */
export function formatPounds(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `£${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `£${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `£${Math.round(value / 1e3)}K`;
  return `£${Math.round(value)}`;
}

/** Share options as shown on the buttons: "0.5%", "1%", ... */
export function formatShare(sharePercent: number): string {
  return `${sharePercent}%`;
}

/**
 * The frames of the headline's count-up: `steps` values rising evenly from 0 to the target (the last is
 * the target itself), shown over about a second.
 */
export function countUpFrames(target: number, steps = 60): number[] {
  return Array.from({ length: steps }, (_, index) =>
    index === steps - 1 ? target : (target * (index + 1)) / steps,
  );
}
