import type { CardFee } from '@shared/giving';
import { envSchema, readEnv, rule } from '../lib/env';

/**
 * The stage's card fee (`giving.cardFee` in `config/<stage>.json`, default the spec's 1.4% + 20p): read by
 * the create-donation route, which charges with it, and by the public charity page, which tells the giving
 * box, so what a donor is shown is what they are charged.
 */
export const CardFeeEnv = envSchema({
  CARD_FEE_BASIS_POINTS: rule.int({ min: 0, max: 1000, fallback: 140 }),
  CARD_FEE_FIXED_PENCE: rule.int({ min: 0, max: 100, fallback: 20 }),
});

/** The stage's giving settings (`giving` in `config/<stage>.json`). */
export const GivingEnv = CardFeeEnv.extend({
  GIVING_OPEN: rule.oneOf(['true', 'false'], 'false'),
  STRIPE_LIVEMODE: rule.oneOf(['true', 'false'], 'false'),
  SITE_URL: rule.url(),
});

/** The stage's card fee from the environment. */
export function stageCardFee(): CardFee {
  const env = readEnv(CardFeeEnv);
  return { basisPoints: env.CARD_FEE_BASIS_POINTS, fixedPence: env.CARD_FEE_FIXED_PENCE };
}
