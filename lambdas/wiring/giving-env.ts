import { envSchema, rule } from '../lib/env';

/** The stage's giving settings (`giving` in `config/<stage>.json`). */
export const GivingEnv = envSchema({
  GIVING_OPEN: rule.oneOf(['true', 'false'], 'false'),
  CARD_FEE_BASIS_POINTS: rule.int({ min: 0, max: 1000, fallback: 140 }),
  CARD_FEE_FIXED_PENCE: rule.int({ min: 0, max: 100, fallback: 20 }),
  STRIPE_LIVEMODE: rule.oneOf(['true', 'false'], 'false'),
  SITE_URL: rule.url(),
});
