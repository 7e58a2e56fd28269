/**
 * Card testing (issue 41, item 13): Stripe Radar's rules cannot be assumed, so attempts are bounded here. A
 * donation's Checkout Session takes at most {@link CARD_ATTEMPTS_PER_DONATION} declined cards, then is closed;
 * a source (address) with {@link DECLINE_LIMIT} declines in its hour starts no new donation until the hour
 * ends; and a source starts at most 10 donations an hour (`DONATION_LIMITS` of create-donation). So one
 * source tries at most a handful of cards an hour, and the `DonationDeclines` alarm watches for a burst.
 */
export const CARD_ATTEMPTS_PER_DONATION = 3;

/** Declined attempts per source an hour, after which the source starts no new donation that hour. */
export const DECLINE_LIMIT = { scope: 'donation-declines', rule: { window: 3600, limit: 5 } } as const;
