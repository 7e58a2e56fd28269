/**
 * The local Stripe's behaviour for the calls Kindred makes, one module per resource: the shared state and
 * events (`store.ts`), Express accounts and onboarding (`accounts.ts`), Checkout Sessions and what a paid one
 * creates (`checkout.ts`); refunds and disputes (`refunds.ts`, `disputes.ts`) and payouts (`payouts.ts`) work on
 * the same engine.
 */
export { type CheckoutInput, StripeEngine } from './checkout';
export { missing, refuse, STRIPE_API_VERSION, StripeRefusal } from './store';
