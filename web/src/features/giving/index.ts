/**
 * What the charity page uses of giving (issue 32): the box (its form loads lazily) and the Donate shortcuts.
 * The thank-you page is its own route module.
 */
export { DonateBar, DonateSkipLink } from './components/donate-shortcuts';
export { GivingPanel } from './components/giving-panel';
