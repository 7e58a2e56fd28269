import { paths } from '@shared/site/paths';
import { TOUR_STEPS } from '../data/tour-steps';

/** The pages the tour sidebar shows on: every step's page, and all account preference pages. */
const TOUR_ROUTES: ReadonlySet<string> = new Set([
  ...TOUR_STEPS.map((step) => step.path),
  paths.charity.accountPreferences.path,
  ...Object.values(paths.charity.preferences).map((entry) => entry.path),
]);

export const normalisePath = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

export function isTourRoute(pathname: string): boolean {
  return TOUR_ROUTES.has(normalisePath(pathname));
}
