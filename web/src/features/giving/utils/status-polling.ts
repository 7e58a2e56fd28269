/**
 * How often the thank-you page asks whether a payment is confirmed (Stripe's webhook usually lands within a few
 * seconds): every second for 10 s, every 2 s to a minute, then every 15 s for ten minutes more, then not again.
 */
const STEPS = [
  { polls: 10, delayMs: 1000 },
  { polls: 25, delayMs: 2000 },
  { polls: 40, delayMs: 15_000 },
] as const;

/** The wait before poll number `polls + 1` (after `polls` polls), or null when the page stops asking. */
export function pollDelay(polls: number): number | null {
  let before = 0;
  for (const step of STEPS) {
    before += step.polls;
    if (polls < before) return step.delayMs;
  }
  return null;
}

/** After about a minute of polls the page says, calmly, that confirming is taking longer than usual. */
export const TAKING_LONG_AFTER_POLLS = STEPS[0].polls + STEPS[1].polls;

/** A donation id as the API accepts it (shared schema `DonationStatusRequest`). */
export const DONATION_ID = /^[A-Za-z0-9_-]{10,64}$/;
